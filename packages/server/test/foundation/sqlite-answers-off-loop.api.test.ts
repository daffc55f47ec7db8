import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compiledOnce, writtenOnce } from '../../src/db/compiled-once.ts';
import { openSqlite, type Database, type OpenDatabase } from '../../src/db/database.ts';
import { COMPRESSED_WHERE_WRITTEN_MAX } from '../../src/lib/answer-compression.ts';

/** The notes as one JSON array SQLite writes, an answer written whole (ADR 037), which its thread compresses when asked (ADR 051). */
const notesAnswer = writtenOnce(
  () =>
    sql<{
      answer: Buffer;
    }>`select cast(coalesce(json_group_array(text order by text), '[]') as blob) as answer from notes`,
);
/** The same answer given as text, which the thread encodes itself (ADR 051's update). */
const notesText = writtenOnce(
  () =>
    sql<{
      answer: string;
    }>`select coalesce(json_group_array(text order by text), '[]') as answer from notes`,
);
const notesOf = async (db: Database) =>
  JSON.parse(String((await notesAnswer(db, {}, undefined)).answer)) as string[];

/** An answer that keeps SQLite busy for a while: counting to five million. */
const slowCount = writtenOnce(
  () =>
    sql<{
      answer: Buffer;
    }>`with recursive c(n) as (select 1 union all select n + 1 from c where n < 5000000) select cast(count(*) as blob) as answer from c`,
);

const originalKeys = writtenOnce(
  (_db, { key }: { key: string }) =>
    sql<{ answer: Buffer }>`select cast(cast(is_original_key(${key}) as integer) as blob) as answer`,
);

const missingTable = writtenOnce(() => sql<{ answer: Buffer }>`select answer from missing`);

/** Rows read off the loop rather than an answer (compiledOnce's `offLoop`, ADR 055). */
const noteRows = compiledOnce(
  () => sql<{ text: string; length: number }>`select text, length(text) as length from notes order by text`,
  {
    offLoop: true,
  },
);
const slowRows = compiledOnce(
  () =>
    sql<{
      n: number;
    }>`with recursive c(n) as (select 1 union all select n + 1 from c where n < 5000000) select count(*) as n from c`,
  { offLoop: true },
);
const missingRows = compiledOnce(() => sql<{ text: string }>`select text from missing`, { offLoop: true });

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
    const { answer } = await notesAnswer(database.db, {}, undefined);
    expect(Buffer.isBuffer(answer)).toBe(true);
    expect(answer.toString('utf8')).toBe('["a","b « guillemets »"]');
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
      expect(await slowCount(database.db, {}, undefined)).toEqual({ answer: Buffer.from('5000000') });
    } finally {
      clearInterval(ticking);
    }
    expect(turns).toBeGreaterThan(0);
  });

  it('call the app’s functions on their thread as on the main one', async () => {
    const original = async (key: string) =>
      String((await originalKeys(database.db, { key }, undefined)).answer);
    expect(await original('videos/abc_DEF-1.jpg')).toBe('1');
    expect(await original('https://exemple.fr/a.jpg')).toBe('0');
  });

  it.each([
    ['a blob', notesAnswer],
    ['text', notesText],
  ])(
    'come back compressed for the client when asked, as the server would, a short or a long one as written, from %s',
    async (_form, answerOf) => {
      expect(await answerOf(database.db, {}, 'gzip')).toEqual({ answer: Buffer.from('[]') });
      for (let i = 0; i < 100; i += 1) await insertNote(database.db, `note numéro ${i}`);
      // Then past what the thread compresses itself, longer than its scratch buffer too
      // (db/sqlite-reader-worker.ts): the server's compression takes it (ADR 053).
      for (const added of [undefined, 'é'.repeat(400_000)]) {
        if (added) await insertNote(database.db, added);
        const { answer: written } = await answerOf(database.db, {}, undefined);
        expect(written.length).toBeGreaterThan(1024);
        expect(JSON.parse(written.toString('utf8'))).toHaveLength((await notesOf(database.db)).length);
        const compressedHere = written.length < COMPRESSED_WHERE_WRITTEN_MAX;
        expect(compressedHere).toBe(added === undefined);
        expect(await answerOf(database.db, {}, 'gzip')).toEqual(
          compressedHere
            ? { answer: zlib.gzipSync(written, { level: 1 }), encoding: 'gzip' }
            : { answer: written },
        );
        expect(await answerOf(database.db, {}, 'br')).toEqual(
          compressedHere
            ? {
                answer: zlib.brotliCompressSync(written, {
                  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 },
                }),
                encoding: 'br',
              }
            : { answer: written },
        );
        // In a transaction the answer is written on the main connection and left to the server's compression.
        await database.db.transaction().execute(async (trx) => {
          expect(await answerOf(trx, {}, 'gzip')).toEqual({ answer: written });
        });
      }
    },
  );

  // A slice of zlib's 16 KB output or of Buffer's 8 KB pool would cross as a copy of all of it,
  // which V8 counts against the main thread's heap until a full collection (ADR 053).
  it.each([
    ['a blob', notesAnswer],
    ['text', notesText],
  ])('arrive as buffers of their own, short or compressed, from %s', async (_form, answerOf) => {
    const own = (answer: Buffer) => ({
      offset: answer.byteOffset,
      memory: answer.buffer.byteLength,
      length: answer.byteLength,
    });
    const short = (await answerOf(database.db, {}, 'gzip')).answer;
    expect(own(short)).toEqual({ offset: 0, memory: 2, length: 2 });
    for (let i = 0; i < 100; i += 1) await insertNote(database.db, `note numéro ${i}`);
    for (const encoding of ['gzip', 'br'] as const) {
      const { answer } = await answerOf(database.db, {}, encoding);
      expect(own(answer)).toEqual({ offset: 0, memory: answer.byteLength, length: answer.byteLength });
    }
  });

  it('hand rows read off the loop back as values, without waiting for another request’s transaction, and a transaction’s own in it', async () => {
    await insertNote(database.db, 'avant');
    const seen: Record<string, unknown> = {};
    await database.db.transaction().execute(async (trx) => {
      await insertNote(trx, 'pas encore');
      seen.outside = await noteRows(database.db);
      seen.inside = await noteRows(trx);
    });
    expect(seen).toEqual({
      outside: [{ text: 'avant', length: 5 }],
      inside: [
        { text: 'avant', length: 5 },
        { text: 'pas encore', length: 10 },
      ],
    });
    let turns = 0;
    const ticking = setInterval(() => (turns += 1), 1);
    try {
      expect(await slowRows(database.db)).toEqual([{ n: 5000000 }]);
    } finally {
      clearInterval(ticking);
    }
    expect(turns).toBeGreaterThan(0);
    await expect(missingRows(database.db)).rejects.toMatchObject({ message: 'no such table: missing' });
    expect(await noteRows(database.db)).toHaveLength(2);
  });

  it('answer SQLite’s error when they fail, and the thread keeps serving', async () => {
    await expect(missingTable(database.db, {}, undefined)).rejects.toMatchObject({
      message: 'no such table: missing',
      code: 'SQLITE_ERROR',
    });
    expect(await notesOf(database.db)).toEqual([]);
  });
});
