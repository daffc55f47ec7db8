import type { Database } from '../../db/database.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import { searchValues, searchWhere, type SearchValues } from '../../db/conditions.ts';
import { SEARCH_INDEXES } from '../../db/search-index.ts';

const listColumns = ['id', 'email', 'pseudonym', 'is_creator', 'is_superadmin', 'comments_muted'] as const;

const usersByEmail = compiledOnce(
  (db, { afterEmail, limit, ...search }: SearchValues & { afterEmail?: string; limit: number }) => {
    let query = db.selectFrom('users').select(listColumns).orderBy('email').limit(limit);
    const found = searchWhere(SEARCH_INDEXES.userEmails, search);
    if (found) query = query.where(found);
    if (afterEmail !== undefined) query = query.where('email', '>', afterEmail);
    return query;
  },
);

/** A keyset page of users by e-mail (unique), `limit` rows; `search` keeps e-mails containing it. */
export async function listUsersByEmail(
  db: Database,
  { search, afterEmail, limit }: { search?: string; afterEmail?: string; limit: number },
) {
  const searched = search ? await searchValues(db, SEARCH_INDEXES.userEmails, search) : {};
  return usersByEmail(db, { ...searched, afterEmail, limit });
}

export function findUserEmail(db: Database, id: string) {
  return db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirst();
}

export function findUser(db: Database, id: string) {
  return db.selectFrom('users').select(listColumns).where('id', '=', id).executeTakeFirst();
}

/** Answers whether the user changed (false when already so). */
export async function updateCommentsMuted(db: Database, id: string, muted: boolean): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ comments_muted: muted ? 1 : 0 })
    .where('id', '=', id)
    .where('comments_muted', '=', muted ? 0 : 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export type UserRow = Awaited<ReturnType<typeof listUsersByEmail>>[number];
