import { signInAs } from '../test/server-process.ts';
import type { Catalogue } from './catalogue.ts';
import type { CommentedVideos } from './comment-seeding.ts';
import { SEARCH_TARGET, type BenchSession, type Caller, type Operation } from './operations.ts';

/** The comments of the issue: 1,000,000, on a smaller catalogue (the comments are what grows here). */
export const COMMENTS_SIZE = {
  comments: Number(process.env.BENCH_COMMENTS ?? 1_000_000),
  catalogue: {
    videos: Number(process.env.BENCH_COMMENT_VIDEOS ?? 20_000),
    subscribers: Number(process.env.BENCH_COMMENT_SUBSCRIBERS ?? 20_000),
    discounts: 100,
  },
};

/** The comment reads: the app's thread of the busiest video, the moderation lists, the dashboard. */
export async function benchCommentSession(
  base: string,
  catalogue: Catalogue,
  videos: CommentedVideos,
): Promise<BenchSession> {
  const busyVideo = videos.busy;
  const cookies: Record<Caller, string | undefined> = {
    visitor: undefined,
    superadmin: await signInAs(base, catalogue.superadmin),
    creator: await signInAs(base, catalogue.creator),
  };
  const headers = (caller: Caller): Record<string, string> => {
    const cookie = cookies[caller];
    return cookie ? { cookie } : {};
  };
  // The cursor 200 pages into the busy video's thread.
  let cursor = '';
  for (let pages = 0; pages < 200; pages += 1) {
    const response = await fetch(
      `${base}/api/public/videos/${busyVideo}/comments${cursor ? `?after=${cursor}` : ''}`,
    );
    const next = ((await response.json()) as { nextCursor: string | null }).nextCursor;
    if (!next) break;
    cursor = next;
  }
  const target = '≤ 3× plancher';
  const operations: Operation[] = [
    {
      label: "app : commentaires d'une vidéo, 1re page",
      url: `/api/public/videos/${busyVideo}/comments`,
      caller: 'visitor',
      target,
    },
    {
      label: "app : commentaires d'une vidéo, page 200",
      url: `/api/public/videos/${busyVideo}/comments?after=${cursor}`,
      caller: 'visitor',
      target,
    },
    { label: 'back-office : mes commentaires', url: '/api/comments/mine', caller: 'creator', target },
    {
      label: "back-office : mes commentaires d'une vidéo",
      url: `/api/comments/mine?video=${busyVideo}`,
      caller: 'creator',
      target,
    },
    { label: 'back-office : tous les commentaires', url: '/api/comments', caller: 'superadmin', target },
    {
      label: 'back-office : statistiques du créateur',
      url: '/api/stats/dashboard',
      caller: 'creator',
      target: 'p99 < 10 ms',
    },
    {
      label: 'back-office : statistiques du superadmin',
      url: '/api/stats/dashboard',
      caller: 'superadmin',
      target: 'p99 < 10 ms',
    },
    {
      label: 'recherche commentaires, mot courant « merci »',
      url: '/api/comments?q=merci',
      caller: 'superadmin',
      target: SEARCH_TARGET,
    },
    {
      // Numbered in the order they were posted, the comments « n°123 » starts are 1,111 of the
      // oldest: the far end of the walk newest first (docs/decisions/014-search-indexes.md).
      label: 'recherche commentaires, mot ancien « n°123 »',
      url: `/api/comments?q=${encodeURIComponent('n°123')}`,
      caller: 'superadmin',
      target: SEARCH_TARGET,
    },
    {
      label: 'recherche dans mes commentaires, mot ancien « n°123 »',
      url: `/api/comments/mine?q=${encodeURIComponent('n°123')}`,
      caller: 'creator',
      target: SEARCH_TARGET,
    },
    {
      // 111,111 comments, too many for the search index to start from (db/search-index.ts), and
      // none among the creator's 200,000 newest: the walk tests each key in the creator's index.
      label: 'recherche dans mes commentaires, mot ancien fréquent « n°12 »',
      url: `/api/comments/mine?q=${encodeURIComponent('n°12')}`,
      caller: 'creator',
      target: SEARCH_TARGET,
    },
    {
      // Three comments in ten hold it, none of the busy video's 100,000 (seedComments' texts).
      label: "recherche dans les commentaires d'une vidéo, mot courant absent « génial »",
      url: `/api/comments/mine?video=${busyVideo}&q=${encodeURIComponent('génial')}`,
      caller: 'creator',
      target: SEARCH_TARGET,
    },
    {
      // Its 2,000 comments are walked, each key tested in the video's index: the search index,
      // which finds the term's 1,111 comments all over the platform, is not asked.
      label: "recherche dans les commentaires d'une vidéo de 2 000, mot ancien « n°123 »",
      url: `/api/comments/mine?video=${videos.quiet}&q=${encodeURIComponent('n°123')}`,
      caller: 'creator',
      target: SEARCH_TARGET,
    },
    {
      label: 'recherche commentaires, texte rare',
      url: `/api/comments?q=${encodeURIComponent('n°777777')}`,
      caller: 'superadmin',
      target: SEARCH_TARGET,
    },
  ];
  return { operations, cookies, headers };
}
