import { z } from 'zod';
import { pageSchema } from './common.ts';

/** A row of the subscribers list ('Abonnés'), ordered by e-mail. */
export const UserListItemSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** The name the app shows under their comments; null until they choose one. */
  pseudonym: z.string().nullable(),
  is_creator: z.boolean(),
  is_superadmin: z.boolean(),
  /** Muted by the superadmin: can no longer comment. */
  comments_muted: z.boolean(),
});
export type UserListItem = z.infer<typeof UserListItemSchema>;

export const UsersPageSchema = pageSchema(UserListItemSchema);
