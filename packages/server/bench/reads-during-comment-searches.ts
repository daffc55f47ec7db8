import type { CommentedVideos } from './comment-seeding.ts';
import { drive } from './http-driver.ts';
import type { BenchSession } from './operations.ts';
import { BESIDE_SECONDS, appReadsWithComments, readsAloneThenBeside } from './reads-beside.ts';
import type { Row } from './results.ts';
import type { ProbedServer } from './servers.ts';
import { ms, summarise } from './stats.ts';

/**
 * The longest comment searches of the bench, each holding SQLite for tens of milliseconds: the
 * creator's word of the past in their 200,000 comments, the superadmin's in the million.
 */
const SEARCHES = [
  { url: `/api/comments/mine?q=${encodeURIComponent('n°12')}`, caller: 'creator' },
  { url: `/api/comments?q=${encodeURIComponent('n°123')}`, caller: 'superadmin' },
] as const;

/**
 * The app's reads (a video's comments, the public lists) at a phone's pace, alone, then while the
 * creator and the superadmin each search the comments back to back: on SQLite the searches run on
 * a thread of their own connection, and the event loop goes on answering the app
 * (docs/decisions/055-comment-searches-off-the-loop.md). Numbers only.
 */
export async function benchReadsDuringCommentSearches(
  server: ProbedServer,
  session: BenchSession,
  videos: CommentedVideos,
): Promise<{ rows: Row[]; note: string }> {
  const reads = appReadsWithComments(videos.busy);
  const { rows, work: searches } = await readsAloneThenBeside(
    server,
    reads.urls,
    { alone: 'sans recherche', beside: `pendant ${SEARCHES.length} recherches à la suite` },
    () =>
      drive({
        clients: SEARCHES.length,
        seconds: BESIDE_SECONDS,
        request: (turn) => {
          const search = SEARCHES[turn % SEARCHES.length]!;
          return {
            label: 'recherche',
            url: `${server.base}${search.url}`,
            headers: session.headers(search.caller),
          };
        },
      }),
  );
  const searched = summarise(searches.durations.get('recherche') ?? []);
  return {
    rows,
    note: `${reads.note} pendant que le créateur cherche « n°12 » dans ses commentaires et le superadmin « n°123 » dans tous, chacun sans pause : ${searched.count} recherches, ${ms(searched.p50)} chacune (médiane), p99 ${ms(searched.p99)}, erreurs : ${searches.failures.length}.`,
  };
}
