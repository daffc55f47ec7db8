import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../constants/limits.ts';
import { JOURNAL_ITEM_TYPES, JOURNAL_KINDS } from '../constants/journal.ts';
import { pageSchema } from './common.ts';

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
