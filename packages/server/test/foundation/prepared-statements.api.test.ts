import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { openPostgres, type OpenDatabase } from '../../src/db/database.ts';
import { findContentVersion } from '../../src/modules/catalogue/catalogue.repository.ts';
import { listUsersByEmail } from '../../src/modules/subscribers/subscribers.repository.ts';
import { findVideoPage } from '../../src/modules/videos/video-pages.repository.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeUser } from '../factories.ts';
import { seedCreator, seedVideo } from '../public/seed.ts';
import { testDatabaseUrl } from '../test-database.ts';

// PostgreSQL prepares each statement built once (db/compiled-once.ts) at its first run on a
// connection and only binds it after, except a search, planned for its own pattern at every run
// (docs/decisions/039-statements-prepared-by-postgresql.md); a searched page of videos joins their
// creators in a statement of its own, planned once for any page (ADR 052).

describe.runIf(testDatabaseUrl())('statements prepared by PostgreSQL', () => {
  let t: TestApp;
  let single: OpenDatabase;
  let url: string;

  beforeAll(async () => {
    t = await buildTestApp();
    if (t.config.database.kind !== 'postgres') throw new Error('a PostgreSQL test app was expected');
    // One connection: what it has prepared is what the reads below sent.
    url = t.config.database.url;
    single = openPostgres(url, 1);
  });
  afterAll(async () => {
    await single.close();
    await t.close();
  });

  async function preparedOnTheConnection() {
    const { rows } = await sql<{ statement: string; runs: number }>`
      select statement, generic_plans + custom_plans as runs from pg_prepared_statements`.execute(single.db);
    return rows.map(({ statement, runs }) => ({ statement, runs: Number(runs) }));
  }

  it('prepares a statement built once at its first run and binds it at the next', async () => {
    for (let run = 0; run < 3; run += 1)
      expect(await findContentVersion(single.db)).toBeGreaterThanOrEqual(0);

    const versionReads = (await preparedOnTheConnection()).filter(({ statement }) =>
      statement.includes('"content_version"'),
    );
    expect(versionReads).toEqual([{ statement: expect.stringMatching(/^select/), runs: 3 }]);
  });

  it('sends a search unnamed, planned for its own term, and finds the same rows at every run', async () => {
    await makeUser(t, { email: 'zephyrine.quatrebarbes@exemple.fr', creator: false });
    await makeUser(t, { email: 'camille.martin@exemple.fr', creator: false });

    for (let run = 0; run < 7; run += 1) {
      const rare = await listUsersByEmail(single.db, { search: 'quatrebarbes', limit: 10 });
      expect(rare.map((row) => row.email)).toEqual(['zephyrine.quatrebarbes@exemple.fr']);
      const common = await listUsersByEmail(single.db, { search: 'exemple.fr', limit: 10 });
      expect(common.map((row) => row.email)).toEqual([
        'camille.martin@exemple.fr',
        'zephyrine.quatrebarbes@exemple.fr',
      ]);
    }
    const prepared = await preparedOnTheConnection();
    expect(prepared.filter(({ statement }) => /\blike\b/i.test(statement))).toEqual([]);
  });

  it('reads a searched page of videos by a search planned for its term and a join of their creators planned once', async () => {
    const creator = await seedCreator(t, { title: 'La cuisine de Zéphyrine' });
    const titles = ['Zéphyrine au marché', 'Tarte aux pommes', 'Le pain de Zéphyrine'];
    for (const title of titles) await seedVideo(t, creator.id, title);

    for (let run = 0; run < 7; run += 1) {
      const found = await findVideoPage(single.db, { search: 'zephyrine' }, 50);
      expect(found.items.map((row) => [row.title, row.creator_title])).toEqual([
        ['Le pain de Zéphyrine', 'La cuisine de Zéphyrine'],
        ['Zéphyrine au marché', 'La cuisine de Zéphyrine'],
      ]);
    }
    const { rows } = await sql<{ statement: string; generic_plans: number }>`
      select statement, generic_plans from pg_prepared_statements`.execute(single.db);
    const joins = rows.filter(({ statement }) => statement.includes('join "creators"'));
    expect(joins).toEqual([
      { statement: expect.not.stringMatching(/\blike\b/i), generic_plans: expect.anything() },
    ]);
    expect(Number(joins[0]!.generic_plans)).toBeGreaterThan(0);
    expect(rows.filter(({ statement }) => /\blike\b/i.test(statement))).toEqual([]);
  });

  it('keeps its connections, and what they prepared, through a pause', async () => {
    const pausing = openPostgres(url, 1);
    const backend = async () =>
      (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(pausing.db)).rows[0]!.pid;
    try {
      // The pool's timers only: the connection itself runs on real time.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      expect(await findContentVersion(pausing.db)).toBeGreaterThanOrEqual(0);
      const before = await backend();
      await vi.advanceTimersByTimeAsync(15 * 60_000);
      vi.useRealTimers();

      expect(await backend()).toBe(before);
      const { rows } = await sql<{ statement: string }>`
        select statement from pg_prepared_statements`.execute(pausing.db);
      expect(rows.filter(({ statement }) => statement.includes('"content_version"'))).toHaveLength(1);
    } finally {
      vi.useRealTimers();
      await pausing.close();
    }
  });
});
