import { PAGE_SIZE } from '@coulisses/domain/constants/limits';
import { MESSAGES } from '@coulisses/domain/messages';
import { searchTerm } from '@coulisses/domain/rules/text-search';
import type { Page } from '@coulisses/domain/schemas/common';
import type { Comment, CommentListQuery } from '@coulisses/domain/schemas/comments';
import type { SessionUser } from '@coulisses/domain/schemas/auth';
import { inTransaction, nowOf, type AppContext } from '../../context.ts';
import { betweenWriteSlices } from '../../db/write-slices.ts';
import { toBool } from '../../lib/booleans.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { decodeCursor, toPage } from '../../lib/keyset.ts';
import { recordChange, type Actor } from '../journal/journal.service.ts';
import {
  countCommentsSince,
  deleteCommentRow,
  deleteSomeVideoComments,
  findComment,
  findCreatorCommentCounts,
  markCommentsSeen,
  setHidden,
  videoCommentsPerSlice,
  type Before,
} from './comments.repository.ts';
import {
  commentTextSearch,
  countWaitingReports,
  findModeratedComment,
  listedCommentCount,
  listModeratedComments,
  type ModeratedRow,
  type ModerationFilter,
} from './moderated-comments.repository.ts';

/** How much of a comment names it in the journal. */
const LABEL_LENGTH = 60;

const labelOf = (text: string) => [...text].slice(0, LABEL_LENGTH).join('');

/** Where a page starts, from its cursor's (created_at, id) at `from`. */
export function beforeOf(cursor: readonly string[] | undefined, from = 0): Before | undefined {
  if (!cursor) return undefined;
  const createdAt = Number(cursor[from]);
  // A forged cursor must not reach the database as a bigint it cannot read.
  if (!Number.isSafeInteger(createdAt)) {
    throw new ValidationError('Curseur de pagination invalide.', { after: 'Curseur invalide.' });
  }
  return { createdAt, id: cursor[from + 1] ?? '' };
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

/** The list's video and search; `creatorId` when it is a creator's own. */
async function filterOf(
  context: AppContext,
  query: CommentListQuery,
  creatorId?: string,
): Promise<ModerationFilter> {
  const term = searchTerm(query.q);
  if (!term) return { videoId: query.video };
  const listed = await listedCommentCount(context.db, { creatorId, videoId: query.video });
  return { videoId: query.video, search: await commentTextSearch(context.db, term, listed) };
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
    {
      ...(await filterOf(context, query, creatorId)),
      creatorId,
      before: beforeOf(decodeCursor(query.after, 2)),
    },
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
  // Each row is marked where it stands, not copied: a spread took 2 µs more a row
  // (docs/decisions/041-objects-built-once.md).
  const rows: (ModeratedRow & { stage: Stage })[] = [];
  if (stage === 'waiting') {
    const waiting = await listModeratedComments(
      context.db,
      { ...filter, waiting: true, before: beforeOf(cursor, 1) },
      PAGE_SIZE + 1,
    );
    rows.push(...waiting.map((row) => Object.assign(row, { stage: 'waiting' as const })));
  }
  if (rows.length <= PAGE_SIZE) {
    const rest = await listModeratedComments(
      context.db,
      { ...filter, waiting: false, before: stage === 'rest' ? beforeOf(cursor, 1) : undefined },
      PAGE_SIZE + 1 - rows.length,
    );
    rows.push(...rest.map((row) => Object.assign(row, { stage: 'rest' as const })));
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
 * Deletes a video's comments, with their reports, a slice at a time, each its own transaction, the
 * event loop free between two (betweenWriteSlices): a video with 100,000 comments went in one
 * statement of 9 s on SQLite, and every request waited for it
 * (docs/decisions/057-video-comments-deleted-in-slices.md).
 */
export async function removeVideoComments(context: AppContext, videoId: string): Promise<void> {
  const slice = videoCommentsPerSlice(context.db);
  for (;;) {
    const deleted = await inTransaction(context, (tx) => deleteSomeVideoComments(tx.db, videoId, slice));
    if (deleted < slice) return;
    await betweenWriteSlices(context.db);
  }
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
