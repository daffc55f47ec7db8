import { sql, type Insertable } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.ts';
import { keysetBefore } from '../../db/conditions.ts';
import type { Database } from '../../db/database.ts';
import { isPostgres, lockForTransaction } from '../../db/dialect.ts';
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

/**
 * Comments deleted per transaction when their video goes, about 10 ms of the database's time on
 * the million-comment catalogue: on SQLite each row leaves six indexes, the search index and two
 * counters, on the event loop's thread; PostgreSQL deletes ten times as many in that time, off it.
 */
export function videoCommentsPerSlice(db: Database): number {
  return isPostgres(db) ? 1000 : 100;
}

/** Deletes up to `limit` of the video's comments and their reports; answers how many comments went. */
export async function deleteSomeVideoComments(db: Database, videoId: string, limit: number): Promise<number> {
  const some = db.selectFrom('comments').select('id').where('video_id', '=', videoId).limit(limit);
  const result = await db.deleteFrom('comments').where('id', 'in', some).executeTakeFirst();
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

/**
 * Marks the creator's comments seen at `at`, when one came after they last were: otherwise the
 * dashboard's count of new ones is the same without the write. Every first page of 'Commentaires',
 * each search too, wrote the row, and each write made SQLite's other connections drop their page
 * cache (docs/decisions/055-comment-searches-off-the-loop.md).
 */
export async function markCommentsSeen(db: Database, creatorId: string, at: number) {
  await db
    .updateTable('creators')
    .set({ comments_seen_at: at })
    .where('id', '=', creatorId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('comments')
          .select('comments.id')
          .where('comments.creator_id', '=', creatorId)
          .where(
            'comments.created_at',
            '>',
            eb.fn.coalesce(eb.ref('creators.comments_seen_at'), sql.lit(-1)),
          ),
      ),
    )
    .execute();
}

export async function findCreatorCommentCounts(db: Database, creatorId: string) {
  const [row] = await creatorCommentCounts(db, { creatorId });
  return row;
}

const creatorCommentCounts = compiledOnce((db, { creatorId }: { creatorId: string }) =>
  db.selectFrom('creators').select(['comment_count', 'comments_seen_at']).where('id', '=', creatorId),
);

/** Comments on the creator's videos written after `since`, counted in their order index. */
export async function countCommentsSince(db: Database, creatorId: string, since: number): Promise<number> {
  const [row] = await commentsSince(db, { creatorId, since });
  return Number(row?.count ?? 0);
}

const commentsSince = compiledOnce((db, { creatorId, since }: { creatorId: string; since: number }) =>
  db
    .selectFrom('comments')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('creator_id', '=', creatorId)
    .where('created_at', '>', since),
);
