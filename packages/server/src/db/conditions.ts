import { sql, type RawBuilder } from 'kysely';
import { padded } from './compiled-once.ts';
import type { Database } from './database.ts';
import { isPostgres } from './dialect.ts';
import { fewCandidateIds, orderedTiles, type SearchedColumn } from './search-index.ts';

/*
 * Conditions every list builds the same way. Columns are named as in SQL ('videos.title_search');
 * the values are always bound parameters.
 */

/**
 * A LIKE pattern of `parts` in this order, anything before, between and after them. Their
 * wildcards are escaped, so a search for '50%' finds '50%', not everything.
 */
function likeInOrder(parts: readonly string[]): string {
  return `%${parts.map((part) => part.replace(/[\\%_]/g, (c) => `\\${c}`)).join('%')}%`;
}

/**
 * The keyset condition of pages ordered by (first, second): rows after the cursor's pair. Written
 * as one row-value comparison, both databases start the page at the cursor in the order index; the
 * same test spelled with `or` walked the index from its first row (1.8 ms instead of 0.4 ms at page
 * 200 of 100,000 videos).
 */
export function keysetAfter(first: string, second: string, [firstValue, secondValue]: readonly string[]) {
  return sql<boolean>`(${sql.ref(first)}, ${sql.ref(second)}) > (${firstValue}, ${secondValue})`;
}

/** The keyset condition of pages ordered by (first desc, second desc): rows before the cursor's pair. */
export function keysetBefore(first: string, second: string, [firstValue, secondValue]: readonly unknown[]) {
  return sql<boolean>`(${sql.ref(first)}, ${sql.ref(second)}) < (${firstValue}, ${secondValue})`;
}

/** A search as a list applies it: its condition, and whether the rows it keeps are few. */
export interface SearchCondition {
  where: RawBuilder<boolean>;
  /**
   * The rows are few, among the ids the index found or in a short list: sorting them costs less
   * than walking an order.
   */
  fewRows: boolean;
}

/** The searched column as SQL names it ('videos.title_search'). */
function columnOf(searched: SearchedColumn): string {
  return `${searched.table}.${searched.column}`;
}

/**
 * What a search binds, by name, so that a list compiled once per shape (db/compiled-once.ts) takes
 * its condition's shape from them: the ids the SQLite index found, or none of them; the LIKE
 * pattern tested on each row; the term itself beside its tiles' pattern on PostgreSQL. See
 * searchWhere.
 */
export interface SearchValues {
  /** The ids the index found (`padded`); empty: no row holds the term, and nothing else is bound. */
  searchIds?: readonly string[];
  searchPattern?: string;
  searchTerm?: string;
}

/** The values of a walk that tests `term` (a search key) on each row it reads. */
export function walkedSearch(term: string): SearchValues {
  return { searchPattern: likeInOrder([term]) };
}

/**
 * The values of a search of `term` (a search key): the few ids the search index found, the column
 * tested on them, else each row the ordered walk reads tested (db/search-index.ts).
 */
export async function searchValues(
  db: Database,
  searched: SearchedColumn,
  term: string,
): Promise<SearchValues> {
  const tiles = isPostgres(db) ? orderedTiles(searched, term) : undefined;
  if (tiles) return { searchPattern: likeInOrder(tiles), searchTerm: term };
  const ids = await fewCandidateIds(db, searched, term);
  if (!ids) return walkedSearch(term);
  if (ids.length === 0) return { searchIds: [] };
  return { searchIds: padded(ids), ...walkedSearch(term) };
}

/**
 * The rows a search's values keep (see searchValues), undefined when there is no search. On
 * PostgreSQL the term's tiles in order are asked of the trigram index (see orderedTiles), the term
 * itself tested on the rows it finds: `strpos` keeps that test out of the index, and the planner's
 * guess of how many rows pass it a constant third.
 */
export function searchWhere(
  searched: SearchedColumn,
  { searchIds, searchPattern, searchTerm }: SearchValues,
): RawBuilder<boolean> | undefined {
  const column = columnOf(searched);
  if (searchIds?.length === 0) return sql<boolean>`false`;
  if (searchPattern === undefined) return undefined;
  if (searchTerm !== undefined)
    return sql<boolean>`(${sql.ref(column)} like ${searchPattern} escape '\\' and strpos(${sql.ref(column)}, ${searchTerm}) > 0)`;
  // SQLite reads a LIKE's pattern when it plans, if the pattern is a bare parameter, and then
  // prepares the statement again at every run; cast, it is not read
  // (docs/decisions/035-statements-prepared-once.md).
  const contains = sql<boolean>`${sql.ref(column)} like cast(${searchPattern} as text) escape '\\'`;
  if (searchIds)
    return sql<boolean>`${sql.ref(`${searched.table}.id`)} in (${sql.join(searchIds)}) and ${contains}`;
  return contains;
}

/** A search's condition, and whether the rows it keeps are few: found by the index. */
export function searchCondition(searched: SearchedColumn, values: SearchValues): SearchCondition {
  return {
    where: searchWhere(searched, values) ?? sql<boolean>`true`,
    fewRows: values.searchIds !== undefined,
  };
}
