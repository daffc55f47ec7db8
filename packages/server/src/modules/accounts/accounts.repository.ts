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

/** An imported user's Firebase hash, with the project's parameters to check it. */
export function findFirebasePassword(db: Database, userId: string) {
  return db
    .selectFrom('firebase_passwords')
    .innerJoin('firebase_hash_config', (join) => join.on('firebase_hash_config.id', '=', 1))
    .select([
      'firebase_passwords.password_hash',
      'firebase_passwords.salt',
      'firebase_hash_config.signer_key',
      'firebase_hash_config.salt_separator',
      'firebase_hash_config.rounds',
      'firebase_hash_config.mem_cost',
    ])
    .where('firebase_passwords.user_id', '=', userId)
    .executeTakeFirst();
}

export async function forgetFirebasePassword(db: Database, userId: string) {
  await db.deleteFrom('firebase_passwords').where('user_id', '=', userId).execute();
}

/** Whether any user moved in from Firebase still has only their Firebase hash. */
export async function anyFirebasePasswordLeft(db: Database): Promise<boolean> {
  return !!(await db.selectFrom('firebase_passwords').select('user_id').limit(1).executeTakeFirst());
}
