import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bareSqlRecorder } from '../../bench/bare-sql.ts';
import { DATABASE_FILE } from '../../src/db/database.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeSignedIn } from '../factories.ts';
import { testDatabaseUrl } from '../test-database.ts';

// The bench's floor adds each answer's SQL run on its own (bench/bare-sql.ts). It must be the SQL
// the server sends, prepared as the server prepares it: a statement planned again at every run
// takes longer than the server's and makes the floor look slower than it is.

describe('the bench’s bare SQL', () => {
  let t: TestApp;
  let recorder: Awaited<ReturnType<typeof bareSqlRecorder>>;
  let cookie: string;

  beforeAll(async () => {
    t = await buildTestApp();
    cookie = (await makeSignedIn(t, { superadmin: true })).cookie;
    recorder = await bareSqlRecorder({
      dataDir: t.dataDir,
      databaseFile: path.join(t.dataDir, DATABASE_FILE),
      databaseUrl: t.env.DATABASE_URL,
    });
  });
  afterAll(async () => {
    await recorder.close();
    await t.close();
  });

  it.skipIf(testDatabaseUrl())(
    'writes a page’s limit where SQLite does not read it when planning',
    async () => {
      const statements = await recorder.statementsOf('/api/videos', cookie);
      const pages = statements.filter((statement) => /\blimit\b/i.test(statement.sql));
      expect(pages).not.toHaveLength(0);
      for (const page of pages) {
        expect(page.sql).toMatch(/limit \(\? \+ 0\)/);
        expect(page.sql).not.toMatch(/limit \?/);
      }
      expect(await recorder.timeOf(statements)).toBeGreaterThan(0);
    },
  );

  it.runIf(testDatabaseUrl())('sends by name what the server prepares, and a search unnamed', async () => {
    const listed = await recorder.statementsOf('/api/videos', cookie);
    expect(listed.length).toBeGreaterThan(0);
    for (const statement of listed) expect(statement.name).toMatch(/^coulisses_\d+$/);
    const searched = await recorder.statementsOf('/api/videos?q=atelier', cookie);
    const search = searched.find((statement) => /\blike\b/i.test(statement.sql));
    expect(search?.name).toBeUndefined();
    // Twice: the second run finds the named statements prepared on the bare connection.
    for (let run = 0; run < 2; run += 1)
      expect(await recorder.timeOf([...listed, ...searched])).toBeGreaterThan(0);
  });
});
