import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants/limits.ts';
import { EMAIL_MAX_LENGTH } from '../constants/limits.ts';

export const LoginSchema = z.strictObject({
  email: z.string().trim().toLowerCase().min(1).max(EMAIL_MAX_LENGTH),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type Login = z.infer<typeof LoginSchema>;

export const SessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  is_creator: z.boolean(),
  is_superadmin: z.boolean(),
  creator: z
    .object({
      is_live: z.boolean(),
      is_active: z.boolean(),
    })
    .nullable(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const SessionSchema = z.object({
  user: SessionUserSchema,
  /** Epoch milliseconds at which the server forgets the session. */
  expiresAt: z.number(),
});
export type Session = z.infer<typeof SessionSchema>;
