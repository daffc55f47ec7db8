import { sql, type Kysely, type QueryExecutorProvider, type RawBuilder } from 'kysely';
import { compiledOnce } from './compiled-once.ts';
import type { Database } from './database.ts';

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
 * The index is then counted again (recountTrigramsSoon), each time it doubles.
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
 * FTS5's vocabulary of the index for `use`, as a temporary table of the connection, named for its
 * `user` so that a bulk count and a recount never meet. Creating and dropping it changes the
 * connection's schema, which makes SQLite prepare each of its statements again at their next run:
 * a session lookup took 17 µs instead of 4 after it.
 */
async function withVocabulary<T>(
  db: QueryExecutorProvider,
  index: string,
  user: 'count' | 'recount',
  use: (vocabulary: RawBuilder<unknown>) => Promise<T>,
): Promise<T> {
  const vocabulary = sql.table(`temp.${index}_${user}`);
  await sql`create virtual table ${vocabulary} using fts5vocab(main, ${sql.lit(index)}, row)`.execute(db);
  try {
    return await use(vocabulary);
  } finally {
    await sql`drop table ${vocabulary}`.execute(db);
  }
}

/** Drops the index's counts; answers its last row number now, the one its next count stands for. */
async function clearCounts(db: QueryExecutorProvider, { rows, index }: TrigramIndexNames): Promise<number> {
  await sql`delete from ${sql.table(TRIGRAM_COUNTS)} where search_index = ${index}`.execute(db);
  const { rows: found } = await sql<{ row: number | null }>`
    select max(row) as row from ${sql.table(rows)}`.execute(db);
  return found[0]?.row ?? 0;
}

/** Says the index's counts are whole, as they stood at its row `lastRow`. */
async function markCounted(db: QueryExecutorProvider, index: string, lastRow: number) {
  await sql`insert into ${sql.table(TRIGRAM_COUNTS)} (search_index, trigram, rows)
    values (${index}, ${LAST_ROW}, ${lastRow})`.execute(db);
}

/**
 * Counts the rows each trigram of the index is in, in place of the last count; an empty index is
 * not counted. Reading the whole index took 0.2 s for 100,000 e-mails, so it runs when the index
 * has just changed most: after a bulk load (db/bulk-load.ts), in the CLI. Writes made since only
 * make the tiles chosen less apt, never a search wrong: every row holding a term holds each of its
 * tiles. The server counts again in steps (recountTrigramsSoon).
 */
export async function countTrigrams(db: QueryExecutorProvider, names: TrigramIndexNames) {
  const lastRow = await clearCounts(db, names);
  if (!lastRow) return;
  await withVocabulary(db, names.index, 'count', async (vocabulary) => {
    await sql`insert into ${sql.table(TRIGRAM_COUNTS)} (search_index, trigram, rows)
      select ${names.index}, term, doc from ${vocabulary}`.execute(db);
  });
  await markCounted(db, names.index, lastRow);
}

/**
 * How long one step of a recount reads trigrams before writing their counts. A trigram's count
 * costs as many rows as it is in: one in all of a million comments took 18 ms, where the trigrams
 * of most e-mails take a few microseconds. So a step reads them one at a time until this is spent,
 * and holds the loop and the writing connection for this much plus one trigram.
 */
const STEP_MS = 4;
/** A step writes its counts in one statement, three values each, within SQLite's bound on them. */
const MOST_STEP_TRIGRAMS = 1024;

/** The indexes each database is being counted again for in this process, one recount at a time. */
const recounting = new WeakMap<Database, Set<string>>();

/**
 * Counts the index again, off the way of the request that found its count missing or stale. The
 * whole index read at once held the event loop 0.17 to 0.25 s on the demo (100,000 e-mails, video
 * titles), and 0.57 s on a million comments, so the vocabulary is read in steps of trigrams in
 * order, each in a transaction of its own on the writing connection and followed by a pause as long
 * as itself: the recount takes at most half the loop's time. Until it writes the index's last row
 * number, searches ask it for spread tiles, as when it was never counted. A recount that fails (the
 * database closed under it) leaves it so, and the next search of a long term starts another: counts
 * only ever make a search cheaper.
 */
export function recountTrigramsSoon(db: Database, names: TrigramIndexNames): void {
  let indexes = recounting.get(db);
  if (!indexes) recounting.set(db, (indexes = new Set()));
  if (indexes.has(names.index)) return;
  indexes.add(names.index);
  recountInSteps(db, names)
    .catch(() => undefined)
    .finally(() => indexes.delete(names.index));
}

async function recountInSteps(db: Database, names: TrigramIndexNames): Promise<void> {
  const lastRow = await clearCounts(db, names);
  if (!lastRow) return;
  // One vocabulary table for the whole recount, on the writing connection, where transactions run.
  await withVocabulary(db, names.index, 'recount', async (vocabulary) => {
    // Every trigram sorts after the empty string.
    let after: string | undefined = '';
    for (let took = 0; after !== undefined;) {
      await new Promise((resolve) => setTimeout(resolve, took));
      const started = performance.now();
      const from: string = after;
      after = await db
        .transaction()
        .execute((trx) => countStep(trx, vocabulary, names.index, from, started + STEP_MS));
      took = performance.now() - started;
    }
  });
  await markCounted(db, names.index, lastRow);
}

/**
 * Counts the trigrams of the index that follow `after`, one at a time until `deadline`; answers
 * the last one counted, undefined when none were left.
 */
async function countStep(
  db: QueryExecutorProvider,
  vocabulary: RawBuilder<unknown>,
  index: string,
  after: string,
  deadline: number,
): Promise<string | undefined> {
  const found: { term: string; doc: number }[] = [];
  let last = after;
  do {
    const { rows } = await sql<{ term: string; doc: number }>`
      select term, doc from ${vocabulary} where term > ${last} order by term limit 1`.execute(db);
    if (!rows[0]) break;
    found.push(rows[0]);
    last = rows[0].term;
  } while (found.length < MOST_STEP_TRIGRAMS && performance.now() < deadline);
  if (found.length === 0) return undefined;
  await sql`insert into ${sql.table(TRIGRAM_COUNTS)} (search_index, trigram, rows)
    values ${sql.join(found.map(({ term, doc }) => sql`(${index}, ${term}, ${doc})`))}`.execute(db);
  return last;
}

/** An index's counts as this process last read them, whole, and the count they stand for. */
interface KeptCounts {
  /** The index's last row number when counted (the empty trigram's count); undefined if never counted. */
  lastRow: number | undefined;
  rowsOf: ReadonlyMap<string, number>;
}

/** Each database's counts read by this process, by index. */
const keptCounts = new WeakMap<Database, Map<string, KeptCounts>>();

/** Per index: its count's mark (the last row number counted) and its last row number now. */
const marks = new Map<string, (db: Database) => Promise<{ counted: number | null; now: number | null }[]>>();

function markOf({ rows, index }: TrigramIndexNames) {
  let mark = marks.get(index);
  if (!mark) {
    mark = compiledOnce(
      () => sql<{ counted: number | null; now: number | null }>`
      select (select rows from ${sql.table(TRIGRAM_COUNTS)} where search_index = ${index} and trigram = ${LAST_ROW})
        as counted, (select max(row) from ${sql.table(rows)}) as now`,
    );
    marks.set(index, mark);
  }
  return mark;
}

/** Reads the index's counts whole, the mark among them: one statement, so they agree. */
async function readCounts(db: Database, index: string): Promise<KeptCounts> {
  const { rows } = await sql<{ trigram: string; rows: number }>`
    select trigram, rows from ${sql.table(TRIGRAM_COUNTS)} where search_index = ${index}`.execute(db);
  const rowsOf = new Map(rows.map((row) => [row.trigram, row.rows]));
  return { lastRow: rowsOf.get(LAST_ROW), rowsOf };
}

/**
 * The rows each trigram of the index was in when it was last counted, and its last row number
 * then, unless it was never counted or has more than doubled since; and its last row number now.
 * The counts are a few thousand rows per index (3,000 trigrams for 100,000 e-mails): the process
 * keeps them, and a search reads only the count's mark beside the last row number, reading the
 * counts again when the mark has moved (a recount, here or in another process). Reading the
 * search's own trigrams at each search instead cost a rare e-mail's search a fifth of its
 * throughput under 50 clients (docs/decisions/014-search-indexes.md).
 */
export async function countedTrigrams(
  db: Database,
  names: TrigramIndexNames,
): Promise<{
  counts: { rowsOf: ReadonlyMap<string, number>; lastRow: number } | undefined;
  lastRowNow: number;
}> {
  const [mark] = await markOf(names)(db);
  const lastRowNow = mark?.now ?? 0;
  let byIndex = keptCounts.get(db);
  if (!byIndex) keptCounts.set(db, (byIndex = new Map<string, KeptCounts>()));
  let kept = byIndex.get(names.index);
  if ((mark?.counted ?? undefined) !== kept?.lastRow)
    byIndex.set(names.index, (kept = await readCounts(db, names.index)));
  const lastRow = kept?.lastRow;
  const fresh = !!lastRow && lastRowNow <= GROWTH_BEFORE_STALE * lastRow;
  return { counts: fresh ? { rowsOf: kept!.rowsOf, lastRow } : undefined, lastRowNow };
}
