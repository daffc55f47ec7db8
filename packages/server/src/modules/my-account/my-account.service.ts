import { MESSAGES } from '@coulisses/domain/messages';
import type { PasswordChange } from '@coulisses/domain/schemas/my-account';
import type { AppContext } from '../../context.ts';
import { ValidationError } from '../../lib/errors.ts';
import type { ActiveSession } from '../../plugins/session-auth.ts';
import { replacePassword } from '../accounts/accounts.service.ts';
import { checkPassword } from '../auth/auth.service.ts';

/**
 * 'Mon compte': a new password, once the current one is right. A wrong one counts as a failed
 * sign-in, so this form is no faster way to guess. Every other session of the user ends; the one
 * they changed it from goes on.
 */
export async function changePassword(
  context: AppContext,
  session: ActiveSession,
  change: PasswordChange,
  ip: string,
): Promise<void> {
  const account = await checkPassword(context, session.user.email, change.current, ip);
  if (!account) {
    throw new ValidationError(MESSAGES.currentPasswordWrong, { current: MESSAGES.currentPasswordWrong });
  }
  await replacePassword(context, account.id, change.password, session.token);
}
