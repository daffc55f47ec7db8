import { z } from 'zod';
import { COMMENT_MAX_LENGTH, SEARCH_QUERY_MAX_LENGTH } from '../constants/limits.ts';
import { MESSAGES } from '../messages.ts';
import { IdSchema, pageSchema } from './common.ts';

/*
 * Comments under the app's videos (issue 17): the app posts, deletes its own and reports; creators
 * hide and show those on their videos; the superadmin also deletes and mutes.
 */

/** Why a member reports a comment; the list the app offers. */
export const REPORT_REASONS = ['spam', 'insulte', 'hors sujet', 'autre'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** Stored as typed once trimmed, and always served as JSON text: markup is never interpreted. */
export const CommentTextSchema = z
  .string({ error: MESSAGES.commentEmpty })
  .trim()
  .min(1, MESSAGES.commentEmpty)
  .max(COMMENT_MAX_LENGTH, MESSAGES.commentTooLong);

export const CommentPostSchema = z.strictObject({ text: CommentTextSchema });
export type CommentPost = z.infer<typeof CommentPostSchema>;

export const CommentReportSchema = z.strictObject({
  reason: z.enum(REPORT_REASONS, { error: MESSAGES.reportReasonInvalid }),
});

/** A comment as the app lists it: the author's pseudonym only, never their e-mail. */
export const PublicCommentSchema = z.object({
  id: z.string(),
  text: z.string(),
  /** Epoch milliseconds. */
  created_at: z.number(),
  author: z.object({ pseudonym: z.string().nullable() }),
});
export type PublicComment = z.infer<typeof PublicCommentSchema>;
export const PublicCommentPageSchema = pageSchema(PublicCommentSchema);

export const PublicCommentQuerySchema = z.strictObject({ after: z.string().max(1000).optional() });

/** A comment as the back-office moderates it. */
export const CommentSchema = z.object({
  id: z.string(),
  text: z.string(),
  created_at: z.number(),
  hidden: z.boolean(),
  report_count: z.number().int(),
  author: z.object({ id: z.string(), pseudonym: z.string().nullable(), muted: z.boolean() }),
  video: z.object({ id: z.string(), title: z.string() }),
});
export type Comment = z.infer<typeof CommentSchema>;
export const CommentPageSchema = pageSchema(CommentSchema);

/** The moderation lists' filters: one video, a term anywhere in the text (case and accents aside). */
export const CommentListQuerySchema = z.strictObject({
  video: IdSchema.optional(),
  q: z.string().trim().max(SEARCH_QUERY_MAX_LENGTH).optional(),
  after: z.string().max(1000).optional(),
});
export type CommentListQuery = z.infer<typeof CommentListQuerySchema>;

export const CommentHiddenSchema = z.strictObject({ hidden: z.boolean() });
export const CommentsMutedSchema = z.strictObject({ muted: z.boolean() });
