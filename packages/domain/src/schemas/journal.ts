import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../constants/limits.ts';
import { pageSchema } from './common.ts';

/** What the journal records: every change a superadmin makes, edits and deletes, sign-in bursts. */
export const JOURNAL_KINDS = [
  'category.added',
  'category.renamed',
  'category.deleted',
  'video.featured',
  'video.unfeatured',
  'video.moved',
  'video.edited',
  'video.deleted',
  'discount.added',
  'discount.edited',
  'discount.deleted',
  'creator.added',
  'creator.suspended',
  'creator.reactivated',
  'sessions.ended',
  'sign-in.throttled',
  'comment.hidden',
  'comment.shown',
  'comment.deleted',
  'subscriber.muted',
  'subscriber.unmuted',
] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];

/** The item an entry is about, named as it was then: a later rename leaves the entry as written. */
export const JOURNAL_ITEM_TYPES = [
  'video',
  'discount',
  'video_category',
  'discount_category',
  'user',
  'address',
  'comment',
] as const;
export type JournalItemType = (typeof JOURNAL_ITEM_TYPES)[number];

const ChangedValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]);
export const JournalChangesSchema = z.record(
  z.string(),
  z.object({ before: ChangedValueSchema, after: ChangedValueSchema }),
);
export type JournalChanges = z.infer<typeof JournalChangesSchema>;

export const JournalEntrySchema = z.object({
  id: z.string(),
  /** Epoch milliseconds. */
  at: z.number(),
  /** Who did it; null for what nobody signed in did (a burst of failed sign-ins). */
  actor: z.object({ id: z.string(), email: z.string() }).nullable(),
  kind: z.enum(JOURNAL_KINDS),
  item: z.object({ type: z.enum(JOURNAL_ITEM_TYPES), id: z.string(), label: z.string() }),
  changes: JournalChangesSchema,
});
export type JournalEntry = z.infer<typeof JournalEntrySchema>;

export const JournalQuerySchema = z.strictObject({
  /** The e-mail of who did it, exactly (trimmed, any case). */
  actor: z.string().trim().toLowerCase().max(EMAIL_MAX_LENGTH).optional(),
  kind: z.enum(JOURNAL_KINDS).optional(),
  after: z.string().max(1000).optional(),
});
export type JournalQuery = z.infer<typeof JournalQuerySchema>;

export const JournalPageSchema = pageSchema(JournalEntrySchema);
