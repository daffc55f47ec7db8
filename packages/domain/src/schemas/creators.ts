import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../constants/limits.ts';
import { MESSAGES } from '../messages.ts';

/** A row of the superadmin's creators list. `name` is the creator's page title. */
export const CreatorListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  video_count: z.number().int(),
  is_active: z.boolean(),
  /** Whether the page is published (the app shows it only while the creator is active too). */
  is_live: z.boolean(),
});
export type CreatorListItem = z.infer<typeof CreatorListItemSchema>;

export const CreatorListSchema = z.object({ items: z.array(CreatorListItemSchema) });
export type CreatorList = z.infer<typeof CreatorListSchema>;

/**
 * Add a creator by e-mail: compared with the users' e-mails after trimming and lowercasing, with
 * no format check (an unknown address is simply 'Utilisateur introuvable.').
 */
export const AddCreatorSchema = z.strictObject({
  email: z
    .string({ error: MESSAGES.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, { error: MESSAGES.emailRequired })
    .max(EMAIL_MAX_LENGTH, { error: MESSAGES.userNotFound }),
});
export type AddCreator = z.infer<typeof AddCreatorSchema>;

export const CreatorStatusSchema = z.strictObject({ active: z.boolean() });
export type CreatorStatus = z.infer<typeof CreatorStatusSchema>;
