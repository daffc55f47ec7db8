import type { Database } from '../../db/database.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import { searchValues, searchWhere, type SearchValues } from '../../db/conditions.ts';
import { SEARCH_INDEXES } from '../../db/search-index.ts';

export async function insertCreator(db: Database, creator: { id: string; email: string }) {
  await db
    .insertInto('creators')
    .values({ ...creator, is_active: 1, is_live: 0, updated_at: Date.now() })
    .execute();
}

/** Creators with their account e-mail and number of videos, by e-mail. */
function creatorsByEmail(db: Database) {
  return (
    db
      .selectFrom('creators')
      // A cross join keeps SQLite's planner on the few creators, looking up each one's user, rather
      // than walking every user in e-mail order (235 ms at 100,000 users); PostgreSQL plans it as
      // the inner join it is.
      .crossJoin('users')
      .whereRef('users.id', '=', 'creators.id')
      .select([
        'creators.id',
        'creators.title',
        'users.email',
        'creators.is_active',
        'creators.is_live',
        'creators.video_count',
      ])
      .orderBy('users.email')
      .orderBy('creators.id')
  );
}

const allCreators = compiledOnce((db) => creatorsByEmail(db));

export function listCreatorsWithCounts(db: Database) {
  return allCreators(db);
}

/**
 * A keyset page of creators by e-mail (unique), `limit` rows; `search` keeps e-mails containing
 * it, as the subscribers list does.
 */
export async function listCreatorsPage(
  db: Database,
  { search, afterEmail, limit }: { search?: string; afterEmail?: string; limit: number },
) {
  const searched = search ? await searchValues(db, SEARCH_INDEXES.userEmails, search) : {};
  return creatorsPage(db, { ...searched, afterEmail, limit });
}

const creatorsPage = compiledOnce(
  (db, { afterEmail, limit, ...search }: SearchValues & { afterEmail?: string; limit: number }) => {
    let query = creatorsByEmail(db).limit(limit);
    const found = searchWhere(SEARCH_INDEXES.userEmails, search);
    if (found) query = query.where(found);
    if (afterEmail !== undefined) query = query.where('users.email', '>', afterEmail);
    return query;
  },
);

export type CreatorRow = Awaited<ReturnType<typeof listCreatorsPage>>[number];

/** Returns whether a creator with this id exists (and was updated). */
export function findCreatorStatus(db: Database, id: string) {
  return db.selectFrom('creators').select(['email', 'is_active']).where('id', '=', id).executeTakeFirst();
}

export async function updateCreatorActive(db: Database, id: string, active: boolean): Promise<boolean> {
  const result = await db
    .updateTable('creators')
    .set({ is_active: active ? 1 : 0, updated_at: Date.now() })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
