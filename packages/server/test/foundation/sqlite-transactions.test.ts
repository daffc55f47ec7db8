import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqlite, SQLITE_CACHE_KIB, type OpenDatabase } from '../../src/db/database.ts';

let scratch: string;
let server: OpenDatabase;
let otherProcess: SQLite.Database;
beforeEach(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'coulisses-sqlite-tx-'));
  const file = path.join(scratch, 'db.sqlite');
  server = openSqlite(file);
  await sql`create table notes (text text not null)`.execute(server.db);
  // The CLI or a second process: its own connection on the same file, not waiting for locks.
  otherProcess = new SQLite(file, { timeout: 0 });
});
afterEach(async () => {
  otherProcess.close();
  await server.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe('SQLite transactions', () => {
  it('a transaction that reads then writes is not failed by another connection writing in between', async () => {
    const otherWrite = () => otherProcess.prepare(`insert into notes values ('autre')`).run();
    let otherRefused = false;
    await server.db.transaction().execute(async (trx) => {
      await trx
        .selectFrom('notes' as never)
        .selectAll()
        .execute();
      try {
        otherWrite();
      } catch (error) {
        otherRefused = (error as { code?: string }).code === 'SQLITE_BUSY';
      }
      await sql`insert into notes values ('serveur')`.execute(trx);
    });
    // The transaction held the write lock from its start: the other writer waits its turn, then lands.
    expect(otherRefused).toBe(true);
    otherWrite();
    const texts = otherProcess.prepare('select text from notes order by rowid').pluck().all();
    expect(texts).toEqual(['serveur', 'autre']);
  });

  it('a commit refused by a deferred check rolls back, writes nothing, and the next writes go through', async () => {
    await sql`create table parents (id text primary key)`.execute(server.db);
    await sql`create table children (parent text not null references parents (id))`.execute(server.db);
    const orphan = server.db.transaction().execute(async (trx) => {
      await sql`pragma defer_foreign_keys = on`.execute(trx);
      await sql`insert into children values ('personne')`.execute(trx);
    });
    await expect(orphan).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_FOREIGNKEY' });
    await Promise.all([
      sql`insert into notes values ('un')`.execute(server.db),
      server.db.transaction().execute((trx) => sql`insert into notes values ('deux')`.execute(trx)),
    ]);
    expect(otherProcess.prepare('select count(*) from children').pluck().get()).toBe(0);
    expect(otherProcess.prepare('select text from notes order by text').pluck().all()).toEqual([
      'deux',
      'un',
    ]);
  });
});

describe('the SQLite connection of the server', () => {
  it('keeps 48 MiB of pages in memory, where better-sqlite3 keeps 16 MiB', async () => {
    const { rows } = await sql<{ cache_size: number }>`pragma cache_size`.execute(server.db);
    expect(rows[0]!.cache_size).toBe(-48 * 1024);
    expect(SQLITE_CACHE_KIB).toBe(48 * 1024);
    expect(otherProcess.pragma('cache_size', { simple: true })).toBe(-16_000);
  });
});
