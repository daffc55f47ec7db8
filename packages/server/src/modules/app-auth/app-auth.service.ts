import { MESSAGES } from '@coulisses/domain/messages';
import type { SignUp } from '@coulisses/domain/schemas/public-api';
import type { Login } from '@coulisses/domain/schemas/auth';
import type { AppContext } from '../../context.ts';
import { insertAccount } from '../accounts/accounts.service.ts';
import { checkCredentials } from '../auth/auth.service.ts';
import { assertNotThrottled } from '../auth/login-throttle.service.ts';
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
  // Sign-up reveals whether an e-mail exists, so it shares the sign-in throttle against probing.
  await assertNotThrottled(context, input.email, ip);
  const { id } = await insertAccount(
    context,
    { email: input.email, password: input.password, subscriber: { pseudonym: input.pseudonym } },
    MESSAGES.emailTaken,
  );
  return appSession(context, { id, email: input.email, pseudonym: input.pseudonym });
}

/** Sign-in for the app: every account may read and count; the token goes in a Bearer header. */
export async function signInToApp(context: AppContext, credentials: Login, ip: string) {
  const { id, email, pseudonym } = await checkCredentials(context, credentials, ip);
  return appSession(context, { id, email, pseudonym });
}
