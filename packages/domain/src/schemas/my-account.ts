import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants/limits.ts';
import { MESSAGES } from '../messages.ts';

/** 'Mon compte': the current password, then the new one twice. */
export const PasswordChangeSchema = z
  .strictObject({
    current: z
      .string()
      .min(1, MESSAGES.currentPasswordRequired)
      .max(PASSWORD_MAX_LENGTH, MESSAGES.currentPasswordWrong),
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort)
      .max(PASSWORD_MAX_LENGTH, MESSAGES.passwordTooLong),
    // Its own check: left empty with the new password, the two would compare equal and say nothing.
    confirmation: z
      .string()
      .min(1, MESSAGES.passwordConfirmationRequired)
      .max(PASSWORD_MAX_LENGTH, MESSAGES.passwordsDiffer),
  })
  .refine((change) => change.confirmation === change.password, {
    path: ['confirmation'],
    message: MESSAGES.passwordsDiffer,
  })
  .refine((change) => !change.password || change.password !== change.current, {
    path: ['password'],
    message: MESSAGES.passwordUnchanged,
  });
export type PasswordChange = z.infer<typeof PasswordChangeSchema>;
