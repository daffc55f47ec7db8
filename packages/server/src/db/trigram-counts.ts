import { sql, type Kysely, type QueryExecutorProvider } from 'kysely';

/** The tables of one SQLite trigram index (db/search-index.ts, searchIndexNames). */
export interface TrigramIndexNames {
  rows: string;
  index: string;
}

/** How many rows each trigram of each SQLite index was in when last counted. */
const TRIGRAM_COUNTS = 'search_trigram_counts';
/**
 * The key of the index's last row number when counted, its rows then (rows removed leave their
 * numbers unused): no trigram is empty.
 */
const LAST_ROW = '';
/**
 * Counts are used until the index has grown this many times over: a count taken on a few
 * thousand rows would name as rare tiles that are common now, and ask the index for too many rows.
 */
const GROWTH_BEFORE_STALE = 2;

export async function createTrigramCounts(db: Kysely<unknown>) {
  await sql`create table ${sql.table(TRIGRAM_COUNTS)} (
    search_index text not null,
    trigram text not null,
    rows integer not null,
    primary key (search_index, trigram)
  ) without rowid`.execute(db);
}

export async function dropTrigramCounts(db: Kysely<unknown>) {
  await sql`drop table ${sql.table(TRIGRAM_COUNTS)}`.execute(db);
}

/**
 * Counts the rows each trigram of the index is in, in place of the last count; an empty index is
 * not counted. Reading the whole index took 0.2 s for 100,000 e-mails, so it runs when the index
 * has just changed most: after a bulk load (db/bulk-load.ts). Writes made since only make the
 * tiles chosen less apt, never a search wrong: every row holding a term holds each of its tiles.
 */
export async function countTrigrams(db: QueryExecutorProvider, { rows, index }: TrigramIndexNames) {
  const counts = sql.table(TRIGRAM_COUNTS);
  const vocabulary = sql.table(`temp.${index}_vocabulary`);
  await sql`delete from ${counts} where search_index = ${index}`.execute(db);
  await sql`create virtual table ${vocabulary} using fts5vocab(main, ${sql.lit(index)}, row)`.execute(db);
  await sql`insert into ${counts} (search_index, trigram, rows)
    select ${index}, term, doc from ${vocabulary}`.execute(db);
  await sql`insert into ${counts} (search_index, trigram, rows)
    select ${index}, ${LAST_ROW}, max(row) from ${sql.table(rows)} having max(row) > 0`.execute(db);
  await sql`drop table ${vocabulary}`.execute(db);
}

/**
 * The rows each of `trigrams` was in when the index was last counted, and its last row number
 * then; undefined when it was never counted or has more than doubled since. The index's last row
 * number now comes in the same query, from its rows table's primary key.
 */
export async function countedTrigrams(
  db: QueryExecutorProvider,
  { rows, index }: TrigramIndexNames,
  trigrams: readonly string[],
): Promise<{ rowsOf: Map<string, number>; lastRow: number } | undefined> {
  const { rows: found } = await sql<{ trigram: string | null; rows: number | null }>`
    select trigram, rows from ${sql.table(TRIGRAM_COUNTS)}
    where search_index = ${index} and trigram in (${sql.join([LAST_ROW, ...trigrams])})
    union all select null, max(row) from ${sql.table(rows)}`.execute(db);
  const rowsOf = new Map<string, number>();
  let lastRowNow = 0;
  for (const count of found) {
    if (count.trigram === null) lastRowNow = count.rows ?? 0;
    else rowsOf.set(count.trigram, count.rows ?? 0);
  }
  const lastRow = rowsOf.get(LAST_ROW);
  if (!lastRow || lastRowNow > GROWTH_BEFORE_STALE * lastRow) return undefined;
  return { rowsOf, lastRow };
}
