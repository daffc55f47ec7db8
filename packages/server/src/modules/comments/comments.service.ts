import { PAGE_SIZE } from '@coulisses/domain/constants/limits';
import { MESSAGES } from '@coulisses/domain/messages';
import { searchKey, searchTerm } from '@coulisses/domain/rules/text-search';
import type { Page } from '@coulisses/domain/schemas/common';
import type {
  Comment,
  CommentListQuery,
  CommentPost,
  PublicComment,
  ReportReason,
} from '@coulisses/domain/schemas/comments';
import type { SessionUser } from '@coulisses/domain/schemas/auth';
import { inTransaction, nowOf, type AppContext } from '../../context.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/dialect.ts';
import { toBool } from '../../lib/booleans.ts';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
} from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { decodeCursor, toPage } from '../../lib/keyset.ts';
import { findVisibleVideoCreator } from '../catalogue/catalogue.service.ts';
import { recordChange, type Actor } from '../journal/journal.service.ts';
import { assertNotTooFast, countPost, forgetOldPosts } from './comment-throttle.service.ts';
import {
  countCommentsSince,
  commentTextSearch,
  countWaitingReports,
  deleteCommentRow,
  findAuthor,
  findComment,
  findCreatorCommentCounts,
  findModeratedComment,
  insertComment,
  insertReport,
  listModeratedComments,
  listVisibleComments,
  lockAuthorPosts,
  markCommentsSeen,
  setHidden,
  type Before,
  type ModeratedRow,
  type ModerationFilter,
} from './comments.repository.ts';

/** How much of a comment names it in the journal. */
const LABEL_LENGTH = 60;

const labelOf = (text: string) => [...text].slice(0, LABEL_LENGTH).join('');

function beforeOf(cursor: readonly string[] | undefined, from = 0): Before | undefined {
  if (!cursor) return undefined;
  const createdAt = Number(cursor[from]);
  // A forged cursor must not reach the database as a bigint it cannot read.
  if (!Number.isSafeInteger(createdAt)) {
    throw new ValidationError('Curseur de pagination invalide.', { after: 'Curseur invalide.' });
  }
  return { createdAt, id: cursor[from + 1] ?? '' };
}

/** The visible video's creator; a video the app does not show has no comments to read or write. */
async function requireVisibleVideo(context: AppContext, videoId: string): Promise<string> {
  const creatorId = await findVisibleVideoCreator(context, videoId);
  if (!creatorId) throw new NotFoundError(MESSAGES.commentVideoNotFound);
  return creatorId;
}

/** The app's thread under a video: comments not hidden, newest first, 50 a page. */
export async function listVideoComments(
  context: AppContext,
  videoId: string,
  after: string | undefined,
): Promise<Page<PublicComment>> {
  await requireVisibleVideo(context, videoId);
  const rows = await listVisibleComments(
    context.db,
    videoId,
    beforeOf(decodeCursor(after, 2)),
    PAGE_SIZE + 1,
  );
  return toPage(
    rows,
    PAGE_SIZE,
    (row) => [String(row.created_at), row.id],
    (row) => ({
      id: row.id,
      text: row.text,
      created_at: Number(row.created_at),
      author: { pseudonym: row.pseudonym || null },
    }),
  );
}

/** A member's comment under a visible video, stored as typed (trimmed by the schema). */
export async function postComment(
  context: AppContext,
  authorId: string,
  videoId: string,
  input: CommentPost,
  ip: string,
): Promise<PublicComment> {
  const creatorId = await requireVisibleVideo(context, videoId);
  const now = nowOf(context);
  const comment = await inTransaction(context, async (tx) => {
    // Two posts of one account queue, so neither slips past the other's count.
    await lockAuthorPosts(tx.db, authorId);
    const author = await findAuthor(tx.db, authorId);
    if (!author) throw new UnauthorizedError();
    if (toBool(author.comments_muted)) throw new ForbiddenError(MESSAGES.commentsMuted);
    await assertNotTooFast(tx, authorId, ip, now);
    const id = newId();
    await insertComment(tx.db, {
      id,
      video_id: videoId,
      creator_id: creatorId,
      author_id: authorId,
      text: input.text,
      text_search: searchKey(input.text),
      created_at: now,
    });
    await countPost(tx, authorId, ip, now);
    return { id, text: input.text, created_at: now, author: { pseudonym: author.pseudonym || null } };
  });
  await forgetOldPosts(context, now);
  return comment;
}

/** The author takes their comment back, hidden or not. */
export async function deleteOwnComment(context: AppContext, authorId: string, id: string): Promise<void> {
  await inTransaction(context, async (tx) => {
    const comment = await findComment(tx.db, id);
    if (!comment) throw new NotFoundError(MESSAGES.commentNotFound);
    if (comment.author_id !== authorId) throw new ForbiddenError(MESSAGES.commentNotYours);
    await deleteCommentRow(tx.db, id);
  });
}

/** A member reports a comment the app shows, once. */
export async function reportComment(
  context: AppContext,
  reporterId: string,
  id: string,
  reason: ReportReason,
): Promise<void> {
  const comment = await findComment(context.db, id);
  if (!comment || toBool(comment.hidden) || !(await findVisibleVideoCreator(context, comment.video_id))) {
    throw new NotFoundError(MESSAGES.commentNotFound);
  }
  try {
    await insertReport(context.db, {
      comment_id: id,
      reporter_id: reporterId,
      reason,
      created_at: nowOf(context),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(MESSAGES.commentAlreadyReported);
    // Deleted between the read and the report.
    if (isForeignKeyViolation(error)) throw new NotFoundError(MESSAGES.commentNotFound);
    throw error;
  }
}

function toComment(row: ModeratedRow): Comment {
  return {
    id: row.id,
    text: row.text,
    created_at: Number(row.created_at),
    hidden: toBool(row.hidden),
    report_count: Number(row.report_count),
    author: { id: row.author_id, pseudonym: row.pseudonym || null, muted: toBool(row.comments_muted) },
    video: { id: row.video_id, title: row.title },
  };
}

async function filterOf(context: AppContext, query: CommentListQuery): Promise<ModerationFilter> {
  const term = searchTerm(query.q);
  return { videoId: query.video, search: term ? await commentTextSearch(context.db, term) : undefined };
}

/**
 * 'Commentaires' of a creator: those on their own videos, hidden ones included, newest first, 50 a
 * page. Opening its first page marks them seen for the dashboard's count of new ones.
 */
export async function listMyComments(
  context: AppContext,
  creatorId: string,
  query: CommentListQuery,
): Promise<Page<Comment>> {
  const rows = await listModeratedComments(
    context.db,
    { ...(await filterOf(context, query)), creatorId, before: beforeOf(decodeCursor(query.after, 2)) },
    PAGE_SIZE + 1,
  );
  const page = toPage(rows, PAGE_SIZE, (row) => [String(row.created_at), row.id], toComment);
  if (query.after === undefined) await markCommentsSeen(context.db, creatorId, nowOf(context));
  return page;
}

type Stage = 'waiting' | 'rest';

/**
 * Every comment for the superadmin: the reports waiting (reported, not hidden) first, then the
 * others, each newest first, 50 a page. The cursor names the stage its last comment belongs to.
 */
export async function listAllComments(context: AppContext, query: CommentListQuery): Promise<Page<Comment>> {
  const cursor = decodeCursor(query.after, 3);
  const stage: Stage = cursor?.[0] === 'rest' ? 'rest' : 'waiting';
  const filter = await filterOf(context, query);
  const rows: (ModeratedRow & { stage: Stage })[] = [];
  if (stage === 'waiting') {
    const waiting = await listModeratedComments(
      context.db,
      { ...filter, waiting: true, before: beforeOf(cursor, 1) },
      PAGE_SIZE + 1,
    );
    rows.push(...waiting.map((row) => ({ ...row, stage: 'waiting' as const })));
  }
  if (rows.length <= PAGE_SIZE) {
    const rest = await listModeratedComments(
      context.db,
      { ...filter, waiting: false, before: stage === 'rest' ? beforeOf(cursor, 1) : undefined },
      PAGE_SIZE + 1 - rows.length,
    );
    rows.push(...rest.map((row) => ({ ...row, stage: 'rest' as const })));
  }
  return toPage(rows, PAGE_SIZE, (row) => [row.stage, String(row.created_at), row.id], toComment);
}

/**
 * Hides a comment from the app, or shows it again: the video's creator or the superadmin. Only a
 * change is journalled.
 */
export async function setCommentHidden(
  context: AppContext,
  user: SessionUser,
  id: string,
  hidden: boolean,
): Promise<Comment> {
  return inTransaction(context, async (tx) => {
    const comment = await findComment(tx.db, id);
    if (!comment) throw new NotFoundError(MESSAGES.commentNotFound);
    if (!user.is_superadmin && comment.creator_id !== user.id) {
      throw new ForbiddenError(MESSAGES.commentNotOnYourVideo);
    }
    if (await setHidden(tx.db, id, hidden)) {
      await recordChange(tx, user, {
        kind: hidden ? 'comment.hidden' : 'comment.shown',
        item: { type: 'comment', id, label: labelOf(comment.text) },
        aboutUserId: comment.creator_id,
      });
    }
    const row = await findModeratedComment(tx.db, id);
    return toComment(row!);
  });
}

/** The superadmin deletes a comment for good, its reports with it. */
export async function deleteComment(context: AppContext, actor: Actor, id: string): Promise<void> {
  await inTransaction(context, async (tx) => {
    const comment = await findComment(tx.db, id);
    if (!comment || (await deleteCommentRow(tx.db, id)) === 0)
      throw new NotFoundError(MESSAGES.commentNotFound);
    await recordChange(tx, actor, {
      kind: 'comment.deleted',
      item: { type: 'comment', id, label: labelOf(comment.text) },
      aboutUserId: comment.creator_id,
    });
  });
}

/**
 * The dashboard's counts for a creator: every comment on their videos, and those written since they
 * last opened 'Commentaires' (all of them until they first do).
 */
export async function commentCountsOf(
  { db }: AppContext,
  creatorId: string,
): Promise<{ comments: number; new_comments: number }> {
  const counts = await findCreatorCommentCounts(db, creatorId);
  const comments = Number(counts?.comment_count ?? 0);
  const seenAt = counts?.comments_seen_at;
  if (seenAt === null || seenAt === undefined) return { comments, new_comments: comments };
  return { comments, new_comments: await countCommentsSince(db, creatorId, Number(seenAt)) };
}

/** Reported comments not hidden yet: what waits for the superadmin. */
export function countReportedComments({ db }: AppContext): Promise<number> {
  return countWaitingReports(db);
}
