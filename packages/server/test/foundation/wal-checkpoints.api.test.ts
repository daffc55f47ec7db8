import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqlite, type OpenDatabase } from '../../src/db/database.ts';
import { MAIN_CHECKPOINT_PAGES } from '../../src/db/wal-checkpoints.ts';
import { betweenWriteSlices } from '../../src/db/write-slices.ts';

const PAGE = 4096;
/** SQLite's own threshold, from which the thread copies the log. */
const THRESHOLD_PAGES = 1000;

// As `npm start` runs (no read threads: a thread of its own), and on read threads.
describe.each([
  { readThreads: 0, threads: 'a thread of its own' },
  { readThreads: 2, threads: 'the read threads' },
])('the write-ahead log, copied into the database on $threads (ADR 040)', ({ readThreads }) => {
  let scratch: string;
  let file: string;
  let database: OpenDatabase;
  const walPages = () => (fs.statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0) / PAGE;
  const addRow = (body: Buffer) => sql`insert into rows (body) values (${body})`.execute(database.db);

  beforeEach(async () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'coulisses-checkpoints-'));
    file = path.join(scratch, 'db.sqlite');
    database = openSqlite(file, readThreads);
    await sql`create table rows (id integer primary key, body blob not null)`.execute(database.db);
  });
  afterEach(async () => {
    await database.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('is left by the writing connection to the thread, up to ten times SQLite’s threshold', async () => {
    const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(
      database.db,
    );
    expect(rows[0]!.wal_autocheckpoint).toBe(MAIN_CHECKPOINT_PAGES);
    expect(MAIN_CHECKPOINT_PAGES).toBeGreaterThanOrEqual(10 * THRESHOLD_PAGES);
  });

  it('is copied by the thread once it passes 1,000 pages, and starts again small', async () => {
    // Each row takes a page of its own: 1,200 commits fill the log past the threshold.
    const body = Buffer.alloc(3000, 7);
    for (let row = 0; row < 1200; row += 1) await addRow(body);
    const transactions = database.db.transaction();
    await transactions.execute(async (trx) => {
      for (let row = 0; row < 100; row += 1) await sql`insert into rows (body) values (${body})`.execute(trx);
    });
    // The writing connection copies nothing below its own threshold (10,000 pages): only the thread
    // can have copied the log, after which the next commit starts it again, cut to its own size.
    const deadline = Date.now() + 10_000;
    while (walPages() > THRESHOLD_PAGES / 2 && Date.now() < deadline) {
      await addRow(Buffer.from('encore'));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(walPages()).toBeLessThan(THRESHOLD_PAGES / 2);
    const { rows } = await sql<{
      n: number;
    }>`select count(*) as n from rows where length(body) = 3000`.execute(database.db);
    expect(rows[0]!.n).toBe(1300);
  });

  it('is copied between the slices of a long run of writes, which waits for it (ADR 057)', async () => {
    // Thirty transactions of 200 pages in a row: faster than a copy a second, the log would reach
    // 6,000 pages before the thread's second copy, and 10,000 would have the writing connection copy it.
    const body = Buffer.alloc(3000, 7);
    let largest = 0;
    for (let slice = 0; slice < 30; slice += 1) {
      await database.db.transaction().execute(async (trx) => {
        for (let row = 0; row < 200; row += 1)
          await sql`insert into rows (body) values (${body})`.execute(trx);
      });
      largest = Math.max(largest, walPages());
      await betweenWriteSlices(database.db);
    }
    expect(largest).toBeLessThanOrEqual(THRESHOLD_PAGES + 300);
  });
});
