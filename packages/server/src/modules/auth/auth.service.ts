import { MESSAGES } from '@coulisses/domain/messages';
import { mayUseBackOffice } from '@coulisses/domain/rules/permissions';
import type { Login } from '@coulisses/domain/schemas/auth';
import type { AppContext } from '../../context.ts';
import { ForbiddenError, UnauthorizedError } from '../../lib/errors.ts';
import { verifyAgainstNothing } from '../../lib/password.ts';
import {
  findAccountByEmail,
  padWhileImportedPasswordsRemain,
  verifyAccountPassword,
} from '../accounts/accounts.service.ts';
import { assertNotThrottled, forgetFailures, recordFailure } from './login-throttle.service.ts';
import { closeSession, openSession, resolveSession } from './sessions.service.ts';

/**
 * The password check every sign-in and 'Mon compte' share: throttled and counted alike, and an
 * unknown e-mail and a wrong password take (through a dummy hash) the same time. The account when
 * the password is right, else null.
 */
export async function checkPassword(context: AppContext, email: string, password: string, ip: string) {
  await assertNotThrottled(context, email, ip);
  const account = await findAccountByEmail(context, email);
  const startedAt = performance.now();
  const valid = account
    ? await verifyAccountPassword(context, account, password)
    : await verifyAgainstNothing(password);
  await padWhileImportedPasswordsRemain(context, startedAt);
  if (!account || !valid) {
    await recordFailure(context, email, ip);
    return null;
  }
  await forgetFailures(context, email, ip);
  return account;
}

/** A sign-in's check: an unknown e-mail and a wrong password get the same status and body. */
export async function checkCredentials(context: AppContext, credentials: Login, ip: string) {
  const account = await checkPassword(context, credentials.email, credentials.password, ip);
  if (!account) throw new UnauthorizedError(MESSAGES.loginFailed, 'invalid_credentials');
  return account;
}

/** Back-office sign-in: right password and a creator, else the spec's messages. */
export async function signIn(context: AppContext, credentials: Login, ip: string) {
  const account = await checkCredentials(context, credentials, ip);
  if (!mayUseBackOffice(account)) throw new ForbiddenError(MESSAGES.notACreator, 'not_a_creator');
  const { token } = await openSession(context, account.id, 'web');
  const session = await resolveSession(context, token);
  if (!session) throw new Error('A session just opened could not be read back.');
  return session;
}

/**
 * Swaps a live back-office session for a new one with a fresh idle time, never past the absolute
 * lifetime of the sign-in; the old token stops working. An app token never renews.
 */
export async function renewSession(context: AppContext, token: string) {
  const current = await resolveSession(context, token);
  if (current?.kind !== 'web') return null;
  const next = await openSession(context, current.user.id, current.kind, current.signedInAt);
  await closeSession(context, token);
  return resolveSession(context, next.token);
}
