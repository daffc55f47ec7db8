import { z } from 'zod';
import { pageSchema } from './common.ts';

/** A row of the subscribers list ('Abonnés'), ordered by e-mail. */
export const UserListItemSchema = z.object({
  id: z.string(),
  email: z.string(),
  is_creator: z.boolean(),
  is_superadmin: z.boolean(),
});
export type UserListItem = z.infer<typeof UserListItemSchema>;

export const UsersPageSchema = pageSchema(UserListItemSchema);
