import { sql } from 'kysely';
import type { Database } from './database.ts';
import { isPostgres } from './dialect.ts';

/**
 * The searched columns and their indexes (docs/decisions/014-search-indexes.md): pg_trgm on
 * PostgreSQL, where the planner picks between the index and the ordered walk itself; FTS5
 * trigram on SQLite, where this module makes that choice.
 */
export const SEARCH_INDEXES = {
  videoTitles: { table: 'videos', column: 'title_search' },
  discountTitles: { table: 'discounts', column: 'title_search' },
  userEmails: { table: 'users', column: 'email' },
} as const;

export type SearchedColumn = (typeof SEARCH_INDEXES)[keyof typeof SEARCH_INDEXES];

/** Beyond this many matches the term is common: walking the list in order finds a page sooner. */
export const FEW_MATCHES = 500;

/** A trigram index answers terms of three characters or more. */
const SHORTEST_INDEXED_TERM = 3;

export function searchIndexNames({ table, column }: SearchedColumn) {
  return { rows: `${table}_search_rows`, index: `${table}_${column}_search` };
}

/**
 * The ids of the rows whose column contains `term` (a search key), when the SQLite index narrows
 * them to at most FEW_MATCHES; undefined when the caller should rather walk its ordered list and
 * test each row: on PostgreSQL, for short terms, and for common ones.
 */
export async function fewMatchingIds(
  db: Database,
  searched: SearchedColumn,
  term: string,
): Promise<string[] | undefined> {
  if (isPostgres(db) || [...term].length < SHORTEST_INDEXED_TERM) return undefined;
  const { rows, index } = searchIndexNames(searched);
  // A double-quoted FTS5 phrase of trigrams matches the term as one contiguous substring.
  const phrase = `"${term.replaceAll('"', '""')}"`;
  const { rows: found } = await sql<{ id: string }>`
    select ${sql.ref(`${rows}.id`)} as id from ${sql.table(index)}
    join ${sql.table(rows)} on ${sql.ref(`${rows}.row`)} = ${sql.ref(`${index}.rowid`)}
    where ${sql.ref(`${index}.${searched.column}`)} match ${phrase}
    limit ${FEW_MATCHES + 1}`.execute(db);
  return found.length > FEW_MATCHES ? undefined : found.map((row) => row.id);
}
