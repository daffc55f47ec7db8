/*
 * The journal's kinds of entries and of items, apart from its schemas: the journal's filters list
 * them without loading zod.
 */

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
