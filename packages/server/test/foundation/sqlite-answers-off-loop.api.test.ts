import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compiledOnce, writtenOnce } from '../../src/db/compiled-once.ts';
import { openSqlite, type Database, type OpenDatabase } from '../../src/db/database.ts';

/** The notes as one JSON array SQLite writes, read as bytes: an answer SQLite writes whole (ADR 037). */
const writtenNotes = compiledOnce(
  () =>
    sql<{
      items: Buffer;
    }>`select cast(coalesce(json_group_array(text order by text), '[]') as blob) as items from notes`,
  { offLoop: true },
);
/** The same notes as an answer written whole, which its thread compresses when asked (ADR 051). */
const notesAnswer = writtenOnce(
  () =>
    sql<{
      answer: Buffer;
    }>`select cast(coalesce(json_group_array(text order by text), '[]') as blob) as answer from notes`,
);
const notesOf = async (db: Database) => JSON.parse(String((await writtenNotes(db))[0]!.items)) as string[];

/** A read that keeps SQLite busy for a while: counting to five million. */
const slowCount = compiledOnce(
  () =>
    sql<{
      n: number;
    }>`with recursive c(n) as (select 1 union all select n + 1 from c where n < 5000000) select count(*) as n from c`,
  { offLoop: true },
);

const originalKeys = compiledOnce(
  (_db, { key }: { key: string }) => sql<{ original: number }>`select is_original_key(${key}) as original`,
  { offLoop: true },
);

const missingTable = compiledOnce(() => sql`select * from missing`, { offLoop: true });

// As `npm start` runs (no read threads: the answers get a thread of their own), and on read threads.
describe.each([
  { readThreads: 0, threads: 'a thread of their own' },
  { readThreads: 2, threads: 'the read threads' },
])('answers SQLite writes, read off the event loop on $threads (ADR 038)', ({ readThreads }) => {
  let scratch: string;
  let database: OpenDatabase;
  const insertNote = (db: Database, text: string) =>
    sql`insert into notes (text) values (${text})`.execute(db);
  beforeEach(async () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'coulisses-off-loop-'));
    database = openSqlite(path.join(scratch, 'db.sqlite'), readThreads);
    await sql`create table notes (text text not null)`.execute(database.db);
  });
  afterEach(async () => {
    await database.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('come back as the bytes SQLite wrote, with every write committed before them', async () => {
    expect(await notesOf(database.db)).toEqual([]);
    await insertNote(database.db, 'b « guillemets »');
    await database.db.transaction().execute((trx) => insertNote(trx, 'a'));
    const [row] = await writtenNotes(database.db);
    expect(Buffer.isBuffer(row!.items)).toBe(true);
    expect(row!.items.toString('utf8')).toBe('["a","b « guillemets »"]');
  });

  it('do not wait for another request’s transaction nor see its rows, and in a transaction see its own', async () => {
    await insertNote(database.db, 'avant');
    const seen: Record<string, string[]> = {};
    await database.db.transaction().execute(async (trx) => {
      await insertNote(trx, 'pas encore');
      seen.outside = await notesOf(database.db);
      seen.inside = await notesOf(trx);
    });
    expect(seen).toEqual({ outside: ['avant'], inside: ['avant', 'pas encore'] });
    expect(await notesOf(database.db)).toEqual(['avant', 'pas encore']);
  });

  it('keep the event loop turning while a long one is written', async () => {
    let turns = 0;
    const ticking = setInterval(() => (turns += 1), 1);
    try {
      expect(await slowCount(database.db)).toEqual([{ n: 5_000_000 }]);
    } finally {
      clearInterval(ticking);
    }
    expect(turns).toBeGreaterThan(0);
  });

  it('call the app’s functions on their thread as on the main one', async () => {
    expect(await originalKeys(database.db, { key: 'videos/abc_DEF-1.jpg' })).toEqual([{ original: 1 }]);
    expect(await originalKeys(database.db, { key: 'https://exemple.fr/a.jpg' })).toEqual([{ original: 0 }]);
  });

  it('come back compressed for the client when asked, as the server would, a short one as written', async () => {
    expect(await notesAnswer(database.db, {}, 'gzip')).toEqual({ answer: Buffer.from('[]') });
    for (let i = 0; i < 100; i += 1) await insertNote(database.db, `note numéro ${i}`);
    const { answer: written } = await notesAnswer(database.db, {}, undefined);
    expect(written.length).toBeGreaterThan(1024);
    expect(await notesAnswer(database.db, {}, 'gzip')).toEqual({
      answer: zlib.gzipSync(written, { level: 1 }),
      encoding: 'gzip',
    });
    expect(await notesAnswer(database.db, {}, 'br')).toEqual({
      answer: zlib.brotliCompressSync(written, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } }),
      encoding: 'br',
    });
    // In a transaction the answer is written on the main connection and left to the server's compression.
    await database.db.transaction().execute(async (trx) => {
      expect(await notesAnswer(trx, {}, 'gzip')).toEqual({ answer: written });
    });
  });

  it('answer SQLite’s error when they fail, and the thread keeps serving', async () => {
    await expect(missingTable(database.db)).rejects.toMatchObject({
      message: 'no such table: missing',
      code: 'SQLITE_ERROR',
    });
    expect(await notesOf(database.db)).toEqual([]);
  });
});
