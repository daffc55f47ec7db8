import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { UsersTable } from '../../db/types.ts';
import { likeContains } from '../../lib/keyset.ts';

const userColumns = [
  'id',
  'email',
  'password_hash',
  'is_creator',
  'is_superadmin',
  'total_views',
  'total_clicks',
] as const;

export function findUserByEmail(db: Database, email: string) {
  return db.selectFrom('users').select(userColumns).where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Database, id: string) {
  return db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
}

export async function insertUser(
  db: Database,
  user: Pick<UsersTable, 'id' | 'email' | 'password_hash' | 'is_creator' | 'is_superadmin'> &
    Partial<Pick<UsersTable, 'pseudonym' | 'terms_accepted_at'>>,
): Promise<void> {
  await db
    .insertInto('users')
    .values({ ...user, created_at: Date.now() })
    .execute();
}

export async function updateUserPasswordHash(db: Database, id: string, passwordHash: string) {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
}

export async function setUserFlags(
  db: Database,
  id: string,
  flags: Partial<Pick<UsersTable, 'is_creator' | 'is_superadmin'>>,
) {
  await db.updateTable('users').set(flags).where('id', '=', id).execute();
}

export async function anySuperadminExists(db: Database): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('is_superadmin', '=', 1)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/** A keyset page of users by e-mail (unique), `limit` rows; `search` keeps e-mails containing it. */
export function listUsersByEmail(
  db: Database,
  options: { search?: string; afterEmail?: string; limit: number },
) {
  let query = db
    .selectFrom('users')
    .select(['id', 'email', 'is_creator', 'is_superadmin'])
    .orderBy('email')
    .limit(options.limit);
  if (options.search) {
    const pattern = likeContains(options.search);
    query = query.where(sql<boolean>`email like ${pattern} escape '\\'`);
  }
  if (options.afterEmail !== undefined) query = query.where('email', '>', options.afterEmail);
  return query.execute();
}
