import type { Database } from '../../db/database.ts';
import type { UsersTable } from '../../db/types.ts';

const accountColumns = ['id', 'email', 'password_hash', 'pseudonym', 'is_creator', 'is_superadmin'] as const;

export function findUserByEmail(db: Database, email: string) {
  return db.selectFrom('users').select(accountColumns).where('email', '=', email).executeTakeFirst();
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
