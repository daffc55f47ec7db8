import { sql, type Insertable } from 'kysely';
import { keysetBefore, searchCondition, walkedSearch, type SearchCondition } from '../../db/conditions.ts';
import type { Database } from '../../db/database.ts';
import { lockForTransaction } from '../../db/dialect.ts';
import { SEARCH_INDEXES } from '../../db/search-index.ts';
import type { CommentReportsTable, CommentsTable } from '../../db/types.ts';

/** Where a page starts: before the (created_at, id) of the last comment shown. */
export interface Before {
  createdAt: number;
  id: string;
}

export async function insertComment(
  db: Database,
  comment: Omit<Insertable<CommentsTable>, 'hidden' | 'report_count'>,
) {
  await db.insertInto('comments').values(comment).execute();
}

export function findComment(db: Database, id: string) {
  return db
    .selectFrom('comments')
    .select(['id', 'video_id', 'creator_id', 'author_id', 'text', 'hidden'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findAuthor(db: Database, userId: string) {
  return db
    .selectFrom('users')
    .select(['pseudonym', 'comments_muted'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** A visible video's comments not hidden, newest first: `limit` rows before `before`. */
export function listVisibleComments(
  db: Database,
  videoId: string,
  before: Before | undefined,
  limit: number,
) {
  let query = db
    .selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.author_id')
    .select(['comments.id', 'comments.text', 'comments.created_at', 'users.pseudonym'])
    .where('comments.video_id', '=', videoId)
    .where('comments.hidden', '=', 0);
  if (before)
    query = query.where(keysetBefore('comments.created_at', 'comments.id', [before.createdAt, before.id]));
  return query.orderBy('comments.created_at', 'desc').orderBy('comments.id', 'desc').limit(limit).execute();
}

/*
 * The reports waiting, as the superadmin's list puts them first. Written as literals, not bound
 * values, so that SQLite sees the condition of the partial index `comments_reported_order`.
 */
const waitingReport = sql<boolean>`comments.report_count > 0 and comments.hidden = 0`;
const notWaitingReport = sql<boolean>`(comments.report_count = 0 or comments.hidden = 1)`;

/**
 * A list of at most this many comments is searched by its walk alone, each key tested in the order
 * index (migration 2026_12_07_210): 1.5 ms for 17,000 comments at worst in the comments bench,
 * where asking the search index cost 2.5 ms for a common word and 5 ms with 1,111 ids to read.
 */
const WALKED_COMMENTS = 10_000;

/**
 * A search of the comments' text (a search key), resolved once: the superadmin's list runs it on
 * the reports waiting, then on the others, and the index need only be asked once. `listed` is how
 * many comments the list holds, when it is a creator's or a video's.
 */
export function commentTextSearch(db: Database, term: string, listed?: number): Promise<SearchCondition> {
  if (listed !== undefined && listed <= WALKED_COMMENTS) {
    return Promise.resolve(walkedSearch(SEARCH_INDEXES.commentTexts, term));
  }
  return searchCondition(db, SEARCH_INDEXES.commentTexts, term);
}

/**
 * How many comments a video's list holds, else a creator's, as their kept counts say (a video's
 * counts only its visible ones, near enough to choose how to search them).
 */
export async function listedCommentCount(
  db: Database,
  { creatorId, videoId }: { creatorId?: string; videoId?: string },
): Promise<number | undefined> {
  let row: { comment_count: number } | undefined;
  if (videoId !== undefined) {
    row = await db.selectFrom('videos').select('comment_count').where('id', '=', videoId).executeTakeFirst();
  } else if (creatorId !== undefined) {
    row = await db
      .selectFrom('creators')
      .select('comment_count')
      .where('id', '=', creatorId)
      .executeTakeFirst();
  }
  return row ? Number(row.comment_count) : undefined;
}

export interface ModerationFilter {
  creatorId?: string;
  videoId?: string;
  search?: SearchCondition;
  /** true: only the reports waiting; false: only the others; absent: all. */
  waiting?: boolean;
  before?: Before;
}

function moderatedComments(db: Database) {
  return db
    .selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.author_id')
    .innerJoin('videos', 'videos.id', 'comments.video_id')
    .select([
      'comments.id',
      'comments.text',
      'comments.created_at',
      'comments.hidden',
      'comments.report_count',
      'comments.author_id',
      'users.pseudonym',
      'users.comments_muted',
      'comments.video_id',
      'videos.title',
    ]);
}

/**
 * A column SQLite may walk an index of, unless the search index found few ids: then it is to start
 * from those, at most 5,000 rows (db/search-index.ts) to read and sort. It would rather walk the
 * creator's comments in order, guessing them from the average, 2,000, where the busiest creator of
 * the comments bench has 300,000: 95 ms for 1,111 ids. The '+' takes the creator's and the video's
 * order indexes, and the order, out of its choice (docs/decisions/014-search-indexes.md).
 */
const walkable = (name: string, fewIds: boolean) => (fewIds ? sql`+${sql.ref(name)}` : sql.ref(name));

/**
 * Comments as the moderation lists show them, newest first, `limit` rows. The page's ids are
 * chosen first, on the comments alone, and the author and video joined for those rows only: a
 * search among 11,000 comments on PostgreSQL looked up 11,000 authors and videos before keeping 51.
 */
export async function listModeratedComments(db: Database, filter: ModerationFilter, limit: number) {
  const fewIds = filter.search?.fewIds === true;
  let pageIds = db.selectFrom('comments').select('comments.id');
  const { creatorId, videoId } = filter;
  if (videoId !== undefined) {
    pageIds = pageIds.where(sql<boolean>`${walkable('comments.video_id', fewIds)} = ${videoId}`);
    // A creator's own list: the video must be theirs. Asked once of the video rather than of each
    // comment, so that the walk stays in the video's index, which holds no creator.
    if (creatorId !== undefined) {
      pageIds = pageIds.where((eb) =>
        eb(
          eb.selectFrom('videos').select('videos.creator_id').where('videos.id', '=', videoId),
          '=',
          creatorId,
        ),
      );
    }
  } else if (creatorId !== undefined) {
    pageIds = pageIds.where(sql<boolean>`${walkable('comments.creator_id', fewIds)} = ${creatorId}`);
  }
  if (filter.waiting !== undefined)
    pageIds = pageIds.where(filter.waiting ? waitingReport : notWaitingReport);
  if (filter.search) pageIds = pageIds.where(filter.search.where);
  const { before } = filter;
  if (before) {
    pageIds = pageIds.where(
      keysetBefore('comments.created_at', 'comments.id', [before.createdAt, before.id]),
    );
  }
  pageIds = pageIds
    .orderBy(walkable('comments.created_at', fewIds), 'desc')
    .orderBy('comments.id', 'desc')
    .limit(limit);
  return moderatedComments(db)
    .where('comments.id', 'in', pageIds)
    .orderBy('comments.created_at', 'desc')
    .orderBy('comments.id', 'desc')
    .execute();
}

export function findModeratedComment(db: Database, id: string) {
  return moderatedComments(db).where('comments.id', '=', id).executeTakeFirst();
}

export type ModeratedRow = Awaited<ReturnType<typeof listModeratedComments>>[number];

/** Answers whether the comment changed (false when it was already so, or is gone). */
export async function setHidden(db: Database, id: string, hidden: boolean): Promise<boolean> {
  const result = await db
    .updateTable('comments')
    .set({ hidden: hidden ? 1 : 0 })
    .where('id', '=', id)
    .where('hidden', '=', hidden ? 0 : 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the comment and its reports; answers how many comments went (0 or 1). */
export async function deleteCommentRow(db: Database, id: string): Promise<number> {
  const result = await db.deleteFrom('comments').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function insertReport(db: Database, report: Insertable<CommentReportsTable>) {
  await db.insertInto('comment_reports').values(report).execute();
}

/** Holds the author's other posts back until the calling transaction ends. */
export function lockAuthorPosts(db: Database, authorId: string) {
  return lockForTransaction(db, `comments:${authorId}`);
}

/** How many posts a throttle bucket holds after `since`, and the oldest of them. */
export async function countPostsSince(db: Database, bucket: string, since: number) {
  const row = await db
    .selectFrom('comment_posts')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('at').as('oldest')])
    .where('bucket', '=', bucket)
    .where('at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest === null ? null : Number(row.oldest) };
}

export async function insertPosts(db: Database, rows: readonly { id: string; bucket: string; at: number }[]) {
  await db.insertInto('comment_posts').values(rows).execute();
}

export async function deletePostsBefore(db: Database, before: number) {
  await db.deleteFrom('comment_posts').where('at', '<=', before).execute();
}

export async function markCommentsSeen(db: Database, creatorId: string, at: number) {
  await db.updateTable('creators').set({ comments_seen_at: at }).where('id', '=', creatorId).execute();
}

export function findCreatorCommentCounts(db: Database, creatorId: string) {
  return db
    .selectFrom('creators')
    .select(['comment_count', 'comments_seen_at'])
    .where('id', '=', creatorId)
    .executeTakeFirst();
}

/** Comments on the creator's videos written after `since`, counted in their order index. */
export async function countCommentsSince(db: Database, creatorId: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('comments')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('creator_id', '=', creatorId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Reports waiting for the superadmin, counted in their partial index. */
export async function countWaitingReports(db: Database): Promise<number> {
  const row = await db
    .selectFrom('comments')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(waitingReport)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
