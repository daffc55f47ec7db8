import { PAGE_SIZE } from '@coulisses/domain/constants/limits';
import { MESSAGES } from '@coulisses/domain/messages';
import { searchKey } from '@coulisses/domain/rules/text-search';
import type { Page } from '@coulisses/domain/schemas/common';
import type { CommentPost, PublicComment, ReportReason } from '@coulisses/domain/schemas/comments';
import { inTransaction, nowOf, type AppContext } from '../../context.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/dialect.ts';
import { toBool } from '../../lib/booleans.ts';
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { decodeCursor, toPage } from '../../lib/keyset.ts';
import { findVisibleVideoCreator } from '../catalogue/catalogue.service.ts';
import { assertNotTooFast, countPost, forgetOldPosts } from './comment-throttle.service.ts';
import {
  deleteCommentRow,
  findAuthor,
  findComment,
  insertComment,
  insertReport,
  listVisibleComments,
  lockAuthorPosts,
} from './comments.repository.ts';
import { beforeOf } from './comments.service.ts';

/*
 * What the app's members do with comments: read a video's thread, post, take back, report. The
 * back-office's moderation is in comments.service.ts.
 */

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
