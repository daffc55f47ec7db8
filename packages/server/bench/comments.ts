import SQLite from 'better-sqlite3';
import { searchKey } from '@coulisses/domain/rules/text-search';
import { newId } from '../src/lib/ids.ts';
import { signInAs } from '../test/server-process.ts';
import type { Catalogue } from './catalogue.ts';
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

const WORDS = ['trop', 'bien', 'merci', 'recette', 'génial', 'vidéo', 'bravo', 'super', 'essayé', 'top'];
const DAY = 24 * 60 * 60 * 1000;

/** Two of the demo creator's videos: the busy one, and one of their others. */
export interface CommentedVideos {
  busy: string;
  quiet: string;
}

/**
 * Comments straight in the database, one bulk insert in one transaction (the triggers keep the
 * counts and the search index as they would for the server): a tenth on one video of the demo
 * creator, a fifth on their videos, the rest spread over the other videos; one in a hundred
 * reported, one in two hundred hidden.
 */
export function seedComments(catalogue: Catalogue, count: number): CommentedVideos {
  const sqlite = new SQLite(catalogue.databaseFile);
  const column = (sql: string, ...params: unknown[]) =>
    sqlite
      .prepare(sql)
      .pluck()
      .all(...params) as string[];
  const creatorId = column('select id from users where email = ?', catalogue.creator.email)[0]!;
  const own = sqlite
    .prepare('select id, creator_id from videos where creator_id = ? order by id')
    .all(creatorId) as { id: string; creator_id: string }[];
  const busy = own[0]!;
  const others = sqlite
    .prepare('select id, creator_id from videos where id != ? order by id')
    .all(busy.id) as typeof own;
  const authors = column('select id from users where is_creator = 0 order by id limit 5000');
  const insertComment = sqlite.prepare(
    `insert into comments (id, video_id, creator_id, author_id, text, text_search, created_at, hidden)
     values (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertReport = sqlite.prepare(
    'insert into comment_reports (comment_id, reporter_id, reason, created_at) values (?, ?, ?, ?)',
  );
  const start = Date.now() - 365 * DAY;
  sqlite.transaction(() => {
    for (let i = 0; i < count; i += 1) {
      const video = i % 10 === 0 ? busy : i % 5 === 1 ? own[i % own.length]! : others[i % others.length]!;
      const text = `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} ${WORDS[(i * 3) % WORDS.length]} n°${i}`;
      const id = newId();
      const at = start + Math.floor((i * 365 * DAY) / count);
      insertComment.run(
        id,
        video.id,
        video.creator_id,
        authors[i % authors.length]!,
        text,
        searchKey(text),
        at,
        i % 200 === 7 ? 1 : 0,
      );
      if (i % 100 === 3) insertReport.run(id, authors[(i + 1) % authors.length]!, 'spam', at);
    }
  })();
  sqlite.pragma('optimize');
  sqlite.close();
  return { busy: busy.id, quiet: own[1]!.id };
}

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
