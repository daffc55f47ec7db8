import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openSqlite, type OpenDatabase } from '../../src/db/database.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeSignedIn } from '../factories.ts';

type Notes = {
  notes: { text: string };
};

/** A read that keeps SQLite busy for a while: counting to five million. */
const slowCount = (db: OpenDatabase['db']) =>
  db
    .selectNoFrom(
      sql<number>`(with recursive c(n) as (select 1 union all select n + 1 from c where n < 5000000) select count(*) from c)`.as(
        'n',
      ),
    )
    .executeTakeFirstOrThrow();

describe('SQLite reads on their own threads', () => {
  let scratch: string;
  let database: OpenDatabase;
  const notes = () => database.db.withTables<Notes>().selectFrom('notes').select('text').orderBy('text');
  beforeEach(async () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'coulisses-read-threads-'));
    database = openSqlite(path.join(scratch, 'db.sqlite'), 2);
    await sql`create table notes (text text not null)`.execute(database.db);
  });
  afterEach(async () => {
    await database.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('a read sees every write committed before it', async () => {
    await database.db.withTables<Notes>().insertInto('notes').values({ text: 'a' }).execute();
    expect(await notes().execute()).toEqual([{ text: 'a' }]);
    await database.db.transaction().execute(async (trx) => {
      await trx.withTables<Notes>().insertInto('notes').values({ text: 'b' }).execute();
    });
    expect(await notes().execute()).toEqual([{ text: 'a' }, { text: 'b' }]);
  });

  it('a read during another request’s transaction neither waits for it nor sees its uncommitted rows', async () => {
    let seenDuring: unknown;
    await database.db.transaction().execute(async (trx) => {
      await trx.withTables<Notes>().insertInto('notes').values({ text: 'pas encore' }).execute();
      seenDuring = await notes().execute();
    });
    expect(seenDuring).toEqual([]);
    expect(await notes().execute()).toEqual([{ text: 'pas encore' }]);
  });

  it('the event loop keeps turning while a long read runs', async () => {
    let turns = 0;
    const ticking = setInterval(() => (turns += 1), 1);
    try {
      expect(await slowCount(database.db)).toEqual({ n: 5_000_000 });
    } finally {
      clearInterval(ticking);
    }
    expect(turns).toBeGreaterThan(0);
  });

  it('a failed read answers SQLite’s error, and the threads keep serving', async () => {
    await expect(
      database.db.withTables<{ missing: { id: string } }>().selectFrom('missing').selectAll().execute(),
    ).rejects.toMatchObject({ message: 'no such table: missing', code: 'SQLITE_ERROR' });
    expect(await notes().execute()).toEqual([]);
  });

  it('many reads at once all answer, each its own rows', async () => {
    await database.db
      .withTables<Notes>()
      .insertInto('notes')
      .values(Array.from({ length: 50 }, (_, i) => ({ text: `n${String(i).padStart(2, '0')}` })))
      .execute();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        database.db
          .withTables<Notes>()
          .selectFrom('notes')
          .select('text')
          .where('text', '=', `n${String(i).padStart(2, '0')}`)
          .execute(),
      ),
    );
    expect(answers.map((rows) => rows[0]?.text)).toEqual(
      Array.from({ length: 50 }, (_, i) => `n${String(i).padStart(2, '0')}`),
    );
  });
});

describe('the API with SQLite read threads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ SQLITE_READ_THREADS: '2' }, { sqlite: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('a category added is in the next list, and a signed-in session is recognised', async () => {
    const admin = await makeSignedIn(t, { superadmin: true });
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/video-categories',
      headers: { cookie: admin.cookie },
      payload: { name: 'Cuisine' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/video-categories',
      headers: { cookie: admin.cookie },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ name: string }[]>().map(({ name }) => name)).toEqual(['Cuisine']);
  });
});
