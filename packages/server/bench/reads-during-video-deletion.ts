import type { CommentedVideos } from './comment-seeding.ts';
import type { BenchSession } from './operations.ts';
import { appReadsWithComments, readsAloneThenBeside } from './reads-beside.ts';
import type { Row } from './results.ts';
import type { ProbedServer } from './servers.ts';
import { ms } from './stats.ts';

/**
 * The app's reads at a phone's pace, alone, then while the demo creator deletes the video that holds
 * a tenth of the comments: its comments go a slice at a time, the event loop free between two
 * (docs/decisions/057-video-comments-deleted-in-slices.md). The last of the comment measures: the
 * video is gone after it. Numbers only.
 */
export async function benchReadsDuringVideoDeletion(
  server: ProbedServer,
  session: BenchSession,
  videos: CommentedVideos,
): Promise<{ rows: Row[]; note: string }> {
  const reads = appReadsWithComments(videos.quiet);
  const { rows, work: deletion } = await readsAloneThenBeside(
    server,
    reads.urls,
    { alone: 'sans suppression', beside: 'pendant la suppression' },
    async () => {
      const started = performance.now();
      const response = await fetch(`${server.base}/api/videos/${videos.busy}`, {
        method: 'DELETE',
        headers: { ...session.headers('creator'), origin: server.base },
      });
      return { status: response.status, ms: performance.now() - started };
    },
  );
  return {
    rows,
    note: `${reads.note} pendant que le créateur supprime sa vidéo qui porte un dixième des commentaires : supprimée en ${ms(deletion.ms)} (réponse ${deletion.status}).`,
  };
}
