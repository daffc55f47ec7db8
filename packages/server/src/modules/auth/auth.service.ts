import { MESSAGES } from '@coulisses/domain/messages';
import { mayUseBackOffice } from '@coulisses/domain/rules/permissions';
import type { Login } from '@coulisses/domain/schemas/auth';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { toBool } from '../../lib/booleans.ts';
import { verifyAgainstNothing, verifyPassword } from '../../lib/password.ts';
import { findUserByEmail } from '../users/users.repository.ts';
import { assertNotThrottled, forgetFailures, recordFailure } from './login-throttle.ts';
import { closeSession, openSession, resolveSession } from './sessions.service.ts';

/**
 * The password check every sign-in shares: throttled, and an unknown e-mail and a wrong password
 * get the same status, body and (through a dummy hash) the same time.
 */
export async function checkCredentials(db: Database, credentials: Login, ip: string) {
  await assertNotThrottled(db, credentials.email, ip);
  const user = await findUserByEmail(db, credentials.email);
  const valid = user
    ? await verifyPassword(user.password_hash, credentials.password)
    : await verifyAgainstNothing(credentials.password);
  if (!user || !valid) {
    await recordFailure(db, credentials.email, ip);
    throw new AppError(401, 'invalid_credentials', MESSAGES.loginFailed);
  }
  await forgetFailures(db, credentials.email);
  return user;
}

/** Back-office sign-in: right password and a creator, else the spec's messages. */
export async function signIn(db: Database, credentials: Login, ip: string, ttlMs: number) {
  const user = await checkCredentials(db, credentials, ip);
  if (!mayUseBackOffice({ is_creator: toBool(user.is_creator), is_superadmin: toBool(user.is_superadmin) })) {
    throw new AppError(403, 'not_a_creator', MESSAGES.notACreator);
  }
  const { token } = await openSession(db, user.id, 'web', ttlMs);
  const session = await resolveSession(db, token);
  if (!session) throw new Error('A session just opened could not be read back.');
  return session;
}

/** Swaps a live session for a new one with a fresh expiry; the old token stops working. */
export async function renewSession(db: Database, token: string, ttlMs: number) {
  const current = await resolveSession(db, token);
  if (!current) return null;
  const next = await openSession(db, current.user.id, current.kind, ttlMs);
  await closeSession(db, token);
  return resolveSession(db, next.token);
}
