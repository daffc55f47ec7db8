import type { Database } from '../../db/database.ts';
import { matchesSearch } from '../../db/conditions.ts';
import { SEARCH_INDEXES } from '../../db/search-index.ts';

/** A keyset page of users by e-mail (unique), `limit` rows; `search` keeps e-mails containing it. */
export async function listUsersByEmail(
  db: Database,
  options: { search?: string; afterEmail?: string; limit: number },
) {
  let query = db
    .selectFrom('users')
    .select(['id', 'email', 'pseudonym', 'is_creator', 'is_superadmin'])
    .orderBy('email')
    .limit(options.limit);
  if (options.search) query = query.where(await matchesSearch(db, SEARCH_INDEXES.userEmails, options.search));
  if (options.afterEmail !== undefined) query = query.where('email', '>', options.afterEmail);
  return query.execute();
}

export function findUserEmail(db: Database, id: string) {
  return db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirst();
}

export type UserRow = Awaited<ReturnType<typeof listUsersByEmail>>[number];
