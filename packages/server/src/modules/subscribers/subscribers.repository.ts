import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { compiledOnce, writtenOnce, type WrittenAnswer } from '../../db/compiled-once.ts';
import { searchValues, searchWhere, type SearchValues } from '../../db/conditions.ts';
import { isPostgres } from '../../db/dialect.ts';
import { SEARCH_INDEXES } from '../../db/search-index.ts';
import { booleanOf } from '../../db/written-json.ts';
import type { AnswerEncoding } from '../../lib/answer-compression.ts';
import { PAGE_PARTS } from '../../lib/json-bytes.ts';

const listColumns = ['id', 'email', 'pseudonym', 'is_creator', 'is_superadmin', 'comments_muted'] as const;

export interface UsersFilter {
  /** searchKey of the query: kept where the e-mail contains it. */
  search?: string;
  /** The e-mail of the last row of the previous page. */
  afterEmail?: string;
}

type UsersValues = SearchValues & { afterEmail?: string; limit: number };

function usersByEmailQuery(db: Database, { afterEmail, limit, ...search }: UsersValues) {
  let query = db.selectFrom('users').select(listColumns).orderBy('email').limit(limit);
  const found = searchWhere(SEARCH_INDEXES.userEmails, search);
  if (found) query = query.where(found);
  if (afterEmail !== undefined) query = query.where('email', '>', afterEmail);
  return query;
}

const usersByEmail = compiledOnce(usersByEmailQuery);

async function usersValues(db: Database, { search, afterEmail }: UsersFilter, limit: number) {
  const searched = search ? await searchValues(db, SEARCH_INDEXES.userEmails, search) : {};
  return { ...searched, afterEmail, limit };
}

/** A keyset page of users by e-mail (unique), `limit` rows; `search` keeps e-mails containing it. */
export async function listUsersByEmail(db: Database, filter: UsersFilter & { limit: number }) {
  return usersByEmail(db, await usersValues(db, filter, filter.limit));
}

/**
 * A page of listUsersByEmail (size + 1 rows) written by SQLite in JSON, each user as the answer
 * shows them (`toListItem` of subscribers.service.ts, for the same rows), then the next page's
 * cursor (`keyset_cursor`, db/app-functions.ts): the e-mail before the extra row's, which only
 * says more follow. The rows are read once, kept (`materialized`) for the cursor and the list, so
 * that each value is bound once and the e-mails walked once; numbering them in a window cost
 * SQLite a fifth more for a page of 500. Given as text, its ASCII encoded by the thread, not as a
 * blob (db/sqlite-reader-worker.ts, scratch).
 */
const writtenUsers = writtenOnce(
  (db, { size, ...values }: UsersValues & { size: number }) =>
    sql<{ answer: string }>`with page as materialized ${usersByEmailQuery(db, values)},
      beyond as (select count(*) > ${size} as more, max(email) as email from page)
    select cast(concat(${PAGE_PARTS.start}, json_group_array(json_object(
        'id', page.id, 'email', page.email, 'pseudonym', nullif(page.pseudonym, ''),
        'is_creator', ${booleanOf('page.is_creator')}, 'is_superadmin', ${booleanOf('page.is_superadmin')},
        'comments_muted', ${booleanOf('page.comments_muted')}
      )) filter (where not more or page.email < beyond.email), ${PAGE_PARTS.cursor},
      iif(more, json_quote(keyset_cursor(max(page.email) filter (where page.email < beyond.email))), 'null'),
      ${PAGE_PARTS.end}) as text) as answer
    from page, beyond`,
);

/**
 * listUsersByEmail's page written by SQLite (docs/decisions/037-answers-written-by-sqlite.md),
 * compressed with `encoding` where it was written (ADR 051); undefined on PostgreSQL, where
 * listUsersByEmail reads its rows.
 */
export async function writtenUsersPage(
  db: Database,
  filter: UsersFilter,
  size: number,
  encoding: AnswerEncoding | undefined,
): Promise<WrittenAnswer | undefined> {
  if (isPostgres(db)) return undefined;
  return writtenUsers(db, { ...(await usersValues(db, filter, size + 1)), size }, encoding);
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
