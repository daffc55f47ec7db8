import type { Insertable } from 'kysely';
import { openSqlite, type OpenDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import type { UsersTable } from '../src/db/types.ts';

/** A migrated SQLite database in memory holding these users, for the database layer's own tests. */
export async function memoryDatabaseWith(
  users: readonly Pick<Insertable<UsersTable>, 'id' | 'email' | 'is_creator'>[],
): Promise<OpenDatabase> {
  const opened = openSqlite(':memory:');
  await migrateToLatest(opened.db);
  await opened.db
    .insertInto('users')
    .values(
      users.map((user, index) => ({
        ...user,
        password_hash: '-',
        pseudonym: null,
        is_superadmin: 0,
        terms_accepted_at: null,
        created_at: index,
      })),
    )
    .execute();
  return opened;
}
