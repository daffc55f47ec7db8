import { MESSAGES } from '@coulisses/domain/messages';
import type { SignUp } from '@coulisses/domain/schemas/public-api';
import type { Login } from '@coulisses/domain/schemas/auth';
import type { Database } from '../../db/database.ts';
import { ConflictError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/password.ts';
import { checkCredentials } from '../auth/auth.service.ts';
import { assertNotThrottled } from '../auth/login-throttle.ts';
import { openSession } from '../auth/sessions.service.ts';
import { insertUser } from '../users/users.repository.ts';
import { isUniqueViolation } from '../users/users.service.ts';

async function appSession(
  db: Database,
  user: { id: string; email: string; pseudonym: string | null },
  ttlMs: number,
) {
  const { token, expiresAt } = await openSession(db, user.id, 'app', ttlMs);
  return { token, expiresAt, user };
}

/** A subscriber of the app: neither creator nor superadmin, terms accepted now. */
export async function signUp(db: Database, input: SignUp, ip: string, ttlMs: number) {
  // Sign-up reveals whether an e-mail exists, so it shares the sign-in throttle against probing.
  await assertNotThrottled(db, input.email, ip);
  const id = newId();
  const passwordHash = await hashPassword(input.password);
  try {
    await insertUser(db, {
      id,
      email: input.email,
      password_hash: passwordHash,
      pseudonym: input.pseudonym,
      is_creator: 0,
      is_superadmin: 0,
      terms_accepted_at: Date.now(),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(MESSAGES.emailTaken);
    throw error;
  }
  return appSession(db, { id, email: input.email, pseudonym: input.pseudonym }, ttlMs);
}

/** Sign-in for the app: every account may read and count; the token goes in a Bearer header. */
export async function signInToApp(db: Database, credentials: Login, ip: string, ttlMs: number) {
  const user = await checkCredentials(db, credentials, ip);
  const row = await db.selectFrom('users').select('pseudonym').where('id', '=', user.id).executeTakeFirst();
  return appSession(db, { id: user.id, email: user.email, pseudonym: row?.pseudonym ?? null }, ttlMs);
}
