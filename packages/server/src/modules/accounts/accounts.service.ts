import { setTimeout as sleep } from 'node:timers/promises';
import { MESSAGES } from '@coulisses/domain/messages';
import { inTransaction, type AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import { toBool, toInt } from '../../lib/booleans.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { verifyFirebasePassword } from '../../lib/firebase-scrypt.ts';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../../lib/password.ts';
import { closeAllSessionsOf } from '../auth/sessions.service.ts';
import {
  anyFirebasePasswordLeft,
  anySuperadminExists,
  findFirebasePassword,
  findUserByEmail,
  forgetFirebasePassword,
  insertUser,
  setUserFlags,
  updateUserPasswordHash,
} from './accounts.repository.ts';

/** An account to create; the e-mail already trimmed and lowercased, the password already checked. */
export interface NewAccount {
  email: string;
  password: string;
  superadmin?: boolean;
  creator?: boolean;
  /** A subscriber of the app: their pseudonym, and the terms of use accepted now. */
  subscriber?: { pseudonym: string };
}

/**
 * Inserts an account; `takenMessage` is the answer when the e-mail is already used. Call it inside
 * the transaction that creates what goes with the account.
 */
export async function insertAccount(
  { db }: AppContext,
  account: NewAccount,
  takenMessage: string,
): Promise<{ id: string; email: string }> {
  const id = newId();
  const passwordHash = await hashPassword(account.password);
  try {
    await insertUser(db, {
      id,
      email: account.email,
      password_hash: passwordHash,
      is_creator: toInt(!!account.creator),
      is_superadmin: toInt(!!account.superadmin),
      ...(account.subscriber && {
        pseudonym: account.subscriber.pseudonym,
        terms_accepted_at: Date.now(),
      }),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(takenMessage);
    throw error;
  }
  return { id, email: account.email };
}

/** The CLI's reset, by e-mail: every session of the account ends. */
export async function resetPassword(context: AppContext, email: string, password: string): Promise<void> {
  const user = await findUserByEmail(context.db, email);
  if (!user) throw new NotFoundError(MESSAGES.userNotFound);
  await replacePassword(context, user.id, password);
}

/**
 * A new password ends the account's sessions, on every device, but `keepToken`'s: whoever held
 * one must sign in again.
 */
export async function replacePassword(
  context: AppContext,
  userId: string,
  password: string,
  keepToken?: string,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  await inTransaction(context, async (tx) => {
    await updateUserPasswordHash(tx.db, userId, passwordHash);
    await forgetFirebasePassword(tx.db, userId);
    await closeAllSessionsOf(tx, userId, keepToken);
  });
}

/** The account with this (already trimmed and lowercased) e-mail, if any. */
export async function findAccountByEmail({ db }: AppContext, email: string) {
  const user = await findUserByEmail(db, email);
  return (
    user && {
      ...user,
      is_creator: toBool(user.is_creator),
      is_superadmin: toBool(user.is_superadmin),
    }
  );
}

export function superadminExists({ db }: AppContext): Promise<boolean> {
  return anySuperadminExists(db);
}

export async function grantCreatorRole({ db }: AppContext, id: string): Promise<void> {
  await setUserFlags(db, id, { is_creator: 1 });
}

/**
 * Checks an account's password. A user moved in from Firebase has no hash of ours yet: their
 * Firebase hash is checked instead and, when right, replaced by ours, so it is checked only once.
 */
export async function verifyAccountPassword(
  context: AppContext,
  account: { id: string; password_hash: string },
  password: string,
): Promise<boolean> {
  if (account.password_hash !== '') return verifyPassword(account.password_hash, password);
  const imported = await findFirebasePassword(context.db, account.id);
  if (!imported) return verifyAgainstNothing(password);
  const stored = { passwordHash: imported.password_hash, salt: imported.salt };
  const valid = await verifyFirebasePassword(password, stored, {
    signerKey: Buffer.from(imported.signer_key, 'base64'),
    saltSeparator: Buffer.from(imported.salt_separator, 'base64'),
    rounds: imported.rounds,
    memCost: imported.mem_cost,
  });
  if (valid) {
    const passwordHash = await hashPassword(password);
    await inTransaction(context, async ({ db }) => {
      await updateUserPasswordHash(db, account.id, passwordHash);
      await forgetFirebasePassword(db, account.id);
    });
  }
  return valid;
}

/**
 * Checking a Firebase hash (scrypt) takes longer than checking ours, which would tell an attacker
 * which e-mails belong to imported users who have not signed in yet. While any remain, every
 * password check, unknown e-mails included, lasts at least this long.
 */
export const IMPORTED_CHECK_FLOOR_MS = 400;

export async function padWhileImportedPasswordsRemain(
  context: AppContext,
  startedAt: number,
  wait: (ms: number) => Promise<unknown> = sleep,
): Promise<void> {
  if (!(await anyFirebasePasswordLeft(context.db))) return;
  const remaining = IMPORTED_CHECK_FLOOR_MS - (performance.now() - startedAt);
  if (remaining > 0) await wait(remaining);
}
