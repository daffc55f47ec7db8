import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { isPostgres } from '../../src/db/dialect.ts';
import { SEARCH_INDEXES, searchIndexNames } from '../../src/db/search-index.ts';
import { countedTrigrams, countTrigrams } from '../../src/db/trigram-counts.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeSignedIn, type SignedIn } from '../factories.ts';
import { makeLiveCreator, seedVideos } from './video-fixtures.ts';

// The server counts a SQLite index's trigrams again when a search finds the count missing or
// stale (db/trigram-counts.ts, recountTrigramsSoon): a database that grows by everyday writes,
// not by bulk loads, keeps asking for the rarest tiles.

let t: TestApp;
let admin: SignedIn;
let creator: SignedIn;
const names = searchIndexNames(SEARCH_INDEXES.videoTitles);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeSignedIn(t, { superadmin: true });
  creator = await makeLiveCreator(t);
});
afterAll(async () => {
  await t.close();
});

/** Titles of words that share few trigrams: a few hundred to count, in several steps. */
function titles(count: number, prefix: string): string[] {
  return Array.from({ length: count }, (_, index) => `${prefix} ${(index * 7919).toString(36)}kw${index}x`);
}

async function search(term: string): Promise<string[]> {
  const response = await t.app.inject({
    url: `/api/videos?q=${encodeURIComponent(term)}`,
    headers: { cookie: admin.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: { title: string }[] }>().items.map((item) => item.title);
}

async function lastRowNow(): Promise<number> {
  const { rows } = await sql<{ row: number }>`select max(row) as row from ${sql.table(names.rows)}`.execute(
    t.db,
  );
  return rows[0]!.row;
}

/** The counts as the server keeps them, the empty trigram's being the last row number counted. */
async function kept(): Promise<Map<string, number>> {
  const { rows } = await sql<{ trigram: string; rows: number }>`
    select trigram, rows from search_trigram_counts where search_index = ${names.index}`.execute(t.db);
  return new Map(rows.map((row) => [row.trigram, row.rows]));
}

/** The rows each trigram of the index is in now, as FTS5 reads them from its whole index. */
async function vocabulary(): Promise<Map<string, number>> {
  return t.db.transaction().execute(async (trx) => {
    const table = sql.table(`temp.${names.index}_expected`);
    await sql`create virtual table ${table} using fts5vocab(main, ${sql.lit(names.index)}, row)`.execute(trx);
    const { rows } = await sql<{ term: string; doc: number }>`select term, doc from ${table}`.execute(trx);
    await sql`drop table ${table}`.execute(trx);
    return new Map(rows.map((row) => [row.term, row.doc]));
  });
}

async function countedOnceSearched(): Promise<void> {
  await vi.waitFor(async () => expect((await kept()).get('')).toBe(await lastRowNow()), {
    timeout: 10_000,
    interval: 20,
  });
  const counts = await kept();
  counts.delete('');
  expect(counts).toEqual(await vocabulary());
}

it('counts an index never counted once a long term is searched, and again each time it doubles', async (context) => {
  if (isPostgres(t.db)) context.skip();
  const first = titles(40, 'Recette');
  await seedVideos(t, creator.id, first);
  expect((await kept()).size).toBe(0);

  // Searched by eight spread tiles while uncounted: the answer is the same.
  expect(await search(first[7]!)).toEqual([first[7]]);
  await countedOnceSearched();
  const counted = await lastRowNow();
  expect((await kept()).get('zqy')).toBeUndefined();

  // Rows written since are not counted until the index has more than doubled and is searched.
  const more = titles(counted + 1, 'Zqyeste');
  await seedVideos(t, creator.id, more);
  expect((await kept()).get('')).toBe(counted);
  expect(await search(more[3]!)).toEqual([more[3]]);
  await countedOnceSearched();
  expect(await lastRowNow()).toBeGreaterThan(2 * counted);
  expect((await kept()).get('zqy')).toBe(more.length);
});

it('reads the counts again once the index was counted since, in this process or another', async (context) => {
  if (isPostgres(t.db)) context.skip();
  const count = () => t.db.transaction().execute((trx) => countTrigrams(trx, names));
  await seedVideos(t, creator.id, titles(20, 'Balade'));
  await count();
  const before = await countedTrigrams(t.db, names);
  expect(before.counts?.lastRow).toBe(await lastRowNow());
  expect(before.counts?.rowsOf.get('wqj')).toBeUndefined();

  // Counted again as the CLI counts after a bulk load: the next search sees the new counts.
  await seedVideos(t, creator.id, ['Wqj un', 'Wqj deux', 'Wqj trois']);
  await count();
  const after = await countedTrigrams(t.db, names);
  expect(after.counts?.lastRow).toBe(await lastRowNow());
  expect(after.counts?.rowsOf.get('wqj')).toBe(3);
});
