import { sql, type Kysely } from 'kysely';
import { compiledOnce } from './compiled-once.ts';
import type { Database } from './database.ts';
import { isPostgres } from './dialect.ts';
import { RememberedTerms } from './remembered-terms.ts';
import {
  disjointTiles,
  MOST_TILES,
  rarestTiles,
  spreadOut,
  tilingTrigrams,
  type Tile,
} from './search-tiles.ts';
import { countedTrigrams, countTrigrams, recountTrigramsSoon } from './trigram-counts.ts';

/** Beyond this many matches the term is common: walking the list in order finds a page sooner. */
export const FEW_MATCHES = 500;

/**
 * The comments walk newest first, among ten times as many rows as a catalogue holds, and a word
 * of the past sits at the far end of that walk: 1,111 comments of a million, all older than the
 * rest, took the walk 318 ms, and their ids 4 ms. Asking the index for up to 5,001 costs a common
 * word 2 ms more (« merci », in 300,000 of them); the ids of 5,000 cost about 20 ms at worst.
 */
const FEW_COMMENT_MATCHES = 5000;

/**
 * The searched columns and their indexes (docs/decisions/014-search-indexes.md): pg_trgm on
 * PostgreSQL, where the planner picks between the index and the ordered walk itself; FTS5
 * trigram on SQLite, where this module makes that choice.
 */
export const SEARCH_INDEXES = {
  videoTitles: { table: 'videos', column: 'title_search', fewMatches: FEW_MATCHES },
  discountTitles: { table: 'discounts', column: 'title_search', fewMatches: FEW_MATCHES },
  userEmails: { table: 'users', column: 'email', fewMatches: FEW_MATCHES, sharedAfter: '@', mostTiles: 2 },
  commentTexts: { table: 'comments', column: 'text_search', fewMatches: FEW_COMMENT_MATCHES, offLoop: true },
} as const satisfies Record<string, SearchedColumn>;

export interface SearchedColumn {
  table: string;
  column: string;
  /** Beyond this many rows holding a term, the caller walks its ordered list instead. */
  fewMatches: number;
  /**
   * What follows this character is shared by many rows (an e-mail's domain): its trigrams narrow
   * nothing, and each costs a read of its rows at every step of the index's search.
   */
  sharedAfter?: string;
  /**
   * The counted tiles a long term is asked by, at most (rarestTiles, db/search-tiles.ts; four
   * unless said). An e-mail's third and fourth tiles cost more than the rows they leave out: 300
   * whole e-mails of the demo took the index's match and the rows' test 84 µs on average by up to
   * four tiles (1.4 rows each), 53 µs by two (7.3 rows); 20 characters from within them, 78 and
   * 55 µs.
   */
  mostTiles?: number;
  /**
   * The index is read off the event loop (rowsOffTheLoop, db/compiled-once.ts): up to 5,001 row
   * numbers counted and up to 5,000 ids for a comment search, milliseconds that held every other
   * request (docs/decisions/055-comment-searches-off-the-loop.md).
   */
  offLoop?: boolean;
}

/** A trigram index answers terms of three characters or more. */
const SHORTEST_INDEXED_TERM = 3;

export function searchIndexNames({ table, column }: SearchedColumn) {
  return { rows: `${table}_search_rows`, index: `${table}_${column}_search` };
}

/** An FTS5 string: double-quoted, it matches its trigrams as one contiguous run. */
function phraseOf(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/**
 * A term of more trigrams than this is first looked up by the trigrams that tile it (see
 * tilingTrigrams); a shorter one costs little as a phrase (0.3 ms for the e-mail domain of most
 * users), less than its tiles and then the phrase when the tiles are common.
 */
const LONG_TERM_TRIGRAMS = 12;

/**
 * The part of a term worth tiling: up to the column's `sharedAfter` character, when the term holds
 * it after a trigram's worth of its own. Each tile of an e-mail's domain, in every e-mail, cost its
 * search 0.3 ms, however rare the name before it (200 e-mails of the demo: 0.59 ms on average by
 * all their tiles, 0.15 ms by those of the name and its `@`).
 */
function narrowingChars(searched: SearchedColumn, chars: readonly string[]): readonly string[] {
  const end = searched.sharedAfter ? chars.lastIndexOf(searched.sharedAfter) + 1 : 0;
  return end >= SHORTEST_INDEXED_TERM ? chars.slice(0, end) : chars;
}

/**
 * PostgreSQL: the tiles a long term is asked of pg_trgm by, in the term's order, undefined when it
 * is short enough to ask whole. pg_trgm reads the rows of every trigram a `like` pattern holds, and
 * a whole title holds thirty: 30 rare titles of the demo took 4.8 ms on average (p90 6.3) as
 * `%term%`, 0.9 ms (p90 1.7) as `%t1%t2%…%` with the term tested on the rows found. Written as one
 * pattern, the planner still guesses from its statistics how many titles hold it, and walks the
 * title order for a long term most titles hold (« le tuto complet (partie », 0.04 ms); the tiles
 * as separate conditions made it multiply their guesses and sort 8,000 rows (15 ms).
 */
export function orderedTiles(searched: SearchedColumn, term: string): string[] | undefined {
  const chars = [...term];
  if (chars.length - 2 <= LONG_TERM_TRIGRAMS) return undefined;
  return spreadOut(disjointTiles(narrowingChars(searched, chars)), MOST_TILES);
}

/**
 * The tiles of a long term to ask the index for: the rarest while its count holds, else eight
 * spread over it, the index then counted again for the searches after this one.
 */
async function tilesToAsk(db: Database, searched: SearchedColumn, tiles: Tile[]): Promise<string[]> {
  const names = searchIndexNames(searched);
  const { counts, lastRowNow } = await countedTrigrams(db, names);
  if (counts) return rarestTiles(tiles, counts.rowsOf, counts.lastRow, searched.mostTiles);
  if (lastRowNow > 0) recountTrigramsSoon(db, names);
  return spreadOut(
    tiles.map(({ trigram }) => trigram),
    MOST_TILES,
  );
}

/**
 * The ids of the rows the index finds for `query`, when they are at most the column's `fewMatches`;
 * else one row whose id is null: the term is common. One statement, so one trip to the thread of a
 * column read off the loop: the row numbers are counted where they are found, and only a few are
 * looked up, a common term being known from `fewMatches` and one without reading their ids (0.24 ms
 * instead of 0.45 on 10,000 discounts). Compiled once (docs/decisions/034-queries-compiled-once.md).
 */
type CandidateIds = (db: Database, values: { query: string }) => Promise<{ id: string | null }[]>;

const candidateReads = new Map<string, CandidateIds>();

function candidateIdsOf(searched: SearchedColumn): CandidateIds {
  const { rows, index } = searchIndexNames(searched);
  let read = candidateReads.get(index);
  if (!read) {
    const most = sql.lit(searched.fewMatches);
    read = compiledOnce(
      (_db, { query }: { query: string }) => sql<{ id: string | null }>`
        with found as materialized (
          select rowid as row from ${sql.table(index)} where ${sql.ref(searched.column)} match ${query}
          limit ${sql.lit(searched.fewMatches + 1)})
        select id from ${sql.table(rows)}
        where row in (select row from found) and (select count(*) from found) <= ${most}
        union all select null where (select count(*) from found) > ${most}`,
      { offLoop: searched.offLoop },
    );
    candidateReads.set(index, read);
  }
  return read;
}

/** The ids a candidate read found, undefined when it found the term common. */
function idsFound(rows: readonly { id: string | null }[]): string[] | undefined {
  return rows[0]?.id === null ? undefined : rows.map(({ id }) => id!);
}

/**
 * How long a term the index found in more than its `fewMatches` rows is walked without asking the
 * index again. Asking it only to learn that the term is common again took « partie » 0.47 ms of its
 * 1.7 on the 100,000-video demo, at every page of its answer. Only edits and deletions can make a
 * common term rare; a term still remembered common then is found whole by the walk all the same,
 * in more time (a rare term's walk reads its whole list: 7 ms for 100,000 titles or e-mails).
 */
const COMMON_TERM_KEPT_MS = 60 * 1000;
/** The most terms remembered common per database, all indexes together. */
const MOST_COMMON_TERMS = 1000;

/** Each database's terms found common, by index and term. */
const commonTerms = new WeakMap<Database, RememberedTerms>();

function commonTermsOf(db: Database): RememberedTerms {
  let terms = commonTerms.get(db);
  if (!terms) commonTerms.set(db, (terms = new RememberedTerms(COMMON_TERM_KEPT_MS, MOST_COMMON_TERMS)));
  return terms;
}

/**
 * The ids of the rows whose column may contain `term` (a search key), every row that does among
 * them, when the SQLite index narrows them to at most the column's `fewMatches`; the caller tests
 * the term on those rows. Undefined when the caller should rather walk its ordered list and test
 * each row: on PostgreSQL, for short terms, and for common ones, which are remembered a while
 * (COMMON_TERM_KEPT_MS).
 */
export async function fewCandidateIds(
  db: Database,
  searched: SearchedColumn,
  term: string,
): Promise<string[] | undefined> {
  const chars = [...term];
  if (isPostgres(db) || chars.length < SHORTEST_INDEXED_TERM) return undefined;
  const common = commonTermsOf(db);
  const key = `${searchIndexNames(searched).index} ${term}`;
  if (common.has(key, Date.now())) return undefined;
  const candidates = candidateIdsOf(searched);
  let found: string[] | undefined;
  if (chars.length - 2 > LONG_TERM_TRIGRAMS) {
    const tiles = await tilesToAsk(db, searched, tilingTrigrams(narrowingChars(searched, chars)));
    found = idsFound(await candidates(db, { query: tiles.map(phraseOf).join(' AND ') }));
  }
  // Short, or its tiles are in many rows (a comment made of common words): the phrase decides.
  found ??= idsFound(await candidates(db, { query: phraseOf(term) }));
  if (!found) common.add(key, Date.now());
  return found;
}

/**
 * Merges each SQLite trigram index into one segment, and counts its trigrams anew. A bulk load (the
 * demo, an import) leaves it in several, and a search then seeks every trigram of its term in each
 * of them: a whole title took 1.6 ms on 100,000 videos in eight segments, 0.2 ms in one. Everyday
 * writes keep adding small segments, which FTS5 merges as they pile up. PostgreSQL's indexes need
 * nothing (db/bulk-load.ts).
 */
export async function compactSearchIndexes(db: Database): Promise<void> {
  if (isPostgres(db)) return;
  for (const searched of Object.values(SEARCH_INDEXES)) {
    const names = searchIndexNames(searched);
    const index = sql.table(names.index);
    await sql`insert into ${index} (${index}) values ('optimize')`.execute(db);
    await db.transaction().execute((trx) => countTrigrams(trx, names));
  }
}

/**
 * Creates the SQLite trigram index of a searched column, filled from its rows and kept by triggers
 * so every writer maintains it. Its rows are numbered through a table of their own: the searched
 * tables key rows by text ids, and their implicit rowids may change at VACUUM, which backups run.
 */
export async function createTrigramIndex(db: Kysely<unknown>, searched: SearchedColumn) {
  const { table, column } = searched;
  const { rows, index } = searchIndexNames(searched);
  const source = sql.table(table);
  const rowsTable = sql.table(rows);
  const indexTable = sql.table(index);
  const value = sql.ref(column);
  await sql`create table ${rowsTable} (row integer primary key, id text not null unique)`.execute(db);
  await sql`create virtual table ${indexTable} using fts5(${value}, content='', contentless_delete=1, tokenize='trigram')`.execute(
    db,
  );
  await sql`insert into ${rowsTable} (id) select id from ${source}`.execute(db);
  await sql`insert into ${indexTable} (rowid, ${value})
    select ${sql.ref(`${rows}.row`)}, ${sql.ref(`${table}.${column}`)} from ${source}
    join ${rowsTable} on ${sql.ref(`${rows}.id`)} = ${sql.ref(`${table}.id`)}`.execute(db);
  await sql`create trigger ${sql.id(`${index}_insert`)} after insert on ${source} begin
    insert into ${rowsTable} (id) values (new.id);
    insert into ${indexTable} (rowid, ${value}) values (last_insert_rowid(), new.${value});
  end`.execute(db);
  await sql`create trigger ${sql.id(`${index}_update`)} after update of ${value} on ${source} begin
    update ${indexTable} set ${value} = new.${value} where rowid = (select row from ${rowsTable} where id = old.id);
  end`.execute(db);
  await sql`create trigger ${sql.id(`${index}_delete`)} after delete on ${source} begin
    delete from ${indexTable} where rowid = (select row from ${rowsTable} where id = old.id);
    delete from ${rowsTable} where id = old.id;
  end`.execute(db);
}

export async function dropTrigramIndex(db: Kysely<unknown>, searched: SearchedColumn) {
  const { rows, index } = searchIndexNames(searched);
  for (const event of ['insert', 'update', 'delete']) {
    await sql`drop trigger ${sql.id(`${index}_${event}`)}`.execute(db);
  }
  await sql`drop table ${sql.table(index)}`.execute(db);
  await sql`drop table ${sql.table(rows)}`.execute(db);
}
