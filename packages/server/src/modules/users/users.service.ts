import { MESSAGES } from '@coulisses/domain/messages';
import { EmailSchema } from '@coulisses/domain/schemas/common';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERS_PAGE_SIZE,
} from '@coulisses/domain/constants/limits';
import type { ListQuery, Page } from '@coulisses/domain/schemas/common';
import type { UserListItem } from '@coulisses/domain/schemas/users';
import type { Database } from '../../db/database.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/password.ts';
import { toBool, toInt } from '../../lib/booleans.ts';
import { decodeCursor, toPage } from '../../lib/keyset.ts';
import { createCreatorRecord } from '../creators/creators.service.ts';
import {
  findUserByEmail,
  insertUser,
  listUsersByEmail,
  setUserFlags,
  updateUserPasswordHash,
} from './users.repository.ts';

export interface NewUser {
  email: string;
  password: string;
  creator?: boolean;
  superadmin?: boolean;
}

export function normaliseEmail(email: string): string {
  const parsed = EmailSchema.safeParse(email);
  if (!parsed.success)
    throw new ValidationError('Adresse e-mail invalide.', { email: 'Adresse e-mail invalide.' });
  return parsed.data;
}

export function checkPassword(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    throw new ValidationError(
      `Le mot de passe doit faire entre ${PASSWORD_MIN_LENGTH} et ${PASSWORD_MAX_LENGTH} caractères.`,
      { password: 'Longueur invalide.' },
    );
  }
}

/** Creates an account; with `creator`, also what the superadmin's "add creator" does, in one transaction. */
export async function createUser(db: Database, input: NewUser): Promise<{ id: string; email: string }> {
  const email = normaliseEmail(input.email);
  checkPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const id = newId();
  try {
    await db.transaction().execute(async (trx) => {
      await insertUser(trx, {
        id,
        email,
        password_hash: passwordHash,
        is_creator: toInt(!!input.creator),
        is_superadmin: toInt(!!input.superadmin),
      });
      if (input.creator) await createCreatorRecord(trx, { id, email });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(`Un compte existe déjà avec l'e-mail ${email}.`);
    throw error;
  }
  return { id, email };
}

export async function resetPassword(db: Database, rawEmail: string, password: string): Promise<void> {
  const email = normaliseEmail(rawEmail);
  checkPassword(password);
  const user = await findUserByEmail(db, email);
  if (!user) throw new NotFoundError(MESSAGES.userNotFound);
  await updateUserPasswordHash(db, user.id, await hashPassword(password));
}

export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/** The subscribers list: by e-mail, 500 a page (the original stopped at 500), searched by e-mail. */
export async function listUsers(db: Database, query: ListQuery): Promise<Page<UserListItem>> {
  const after = decodeCursor(query.after, 1);
  const rows = await listUsersByEmail(db, {
    search: query.q?.toLowerCase(),
    afterEmail: after?.[0],
    limit: USERS_PAGE_SIZE + 1,
  });
  return toPage(
    rows,
    USERS_PAGE_SIZE,
    (row) => [row.email],
    (row) => ({
      id: row.id,
      email: row.email,
      is_creator: toBool(row.is_creator),
      is_superadmin: toBool(row.is_superadmin),
    }),
  );
}

/** The account with this (already trimmed and lowercased) e-mail, if any. */
export async function findAccountByEmail(db: Database, email: string) {
  const user = await findUserByEmail(db, email);
  return user && { id: user.id, email: user.email, is_creator: toBool(user.is_creator) };
}

export async function grantCreatorRole(trx: Database, id: string): Promise<void> {
  await setUserFlags(trx, id, { is_creator: 1 });
}
