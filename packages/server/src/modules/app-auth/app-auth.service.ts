import { MESSAGES } from '@coulisses/domain/messages';
import type { SignUp } from '@coulisses/domain/schemas/public-api';
import type { Login } from '@coulisses/domain/schemas/auth';
import type { AppContext } from '../../context.ts';
import { ConflictError } from '../../lib/errors.ts';
import { insertAccount } from '../accounts/accounts.service.ts';
import { checkCredentials } from '../auth/auth.service.ts';
import { assertAddressNotThrottled, recordAddressFailure } from '../auth/login-throttle.service.ts';
import { openSession } from '../auth/sessions.service.ts';

async function appSession(
  context: AppContext,
  user: { id: string; email: string; pseudonym: string | null },
) {
  const { token, expiresAt } = await openSession(context, user.id, 'app');
  return { token, expiresAt, user };
}

/** A subscriber of the app: neither creator nor superadmin, terms accepted now. */
export async function signUp(context: AppContext, input: SignUp, ip: string) {
  // Sign-up reveals whether an e-mail exists: a taken one counts as a failed sign-in of the address,
  // so probing for accounts runs into the same per-address limit as guessing passwords. The
  // e-mail's own counts are left alone, lest anyone could slow an account down by signing up as it.
  await assertAddressNotThrottled(context, ip);
  const { id } = await insertAccount(
    context,
    { email: input.email, password: input.password, subscriber: { pseudonym: input.pseudonym } },
    MESSAGES.emailTaken,
  ).catch(async (error: unknown) => {
    if (error instanceof ConflictError) await recordAddressFailure(context, ip);
    throw error;
  });
  return appSession(context, { id, email: input.email, pseudonym: input.pseudonym });
}

/** Sign-in for the app: every account may read and count; the token goes in a Bearer header. */
export async function signInToApp(context: AppContext, credentials: Login, ip: string) {
  const { id, email, pseudonym } = await checkCredentials(context, credentials, ip);
  return appSession(context, { id, email, pseudonym });
}
