import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app.ts';
import { loadConfig } from '../../src/config/env.ts';
import { countRows } from '../../src/db/copy-tables.ts';
import { openDatabase, type OpenDatabase } from '../../src/db/database.ts';
import type { Storage } from '../../src/lib/storage.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeSignedIn, signIn, TEST_PASSWORD } from '../factories.ts';
import { seedCategory, seedCreator, seedVideo } from '../public/seed.ts';
import { createEmptyDatabase, databaseUrlFor, onCluster, testDatabaseUrl } from '../test-database.ts';
import { runCli } from './run-cli.ts';

/*
 * The move from SQLite to PostgreSQL, on a real PostgreSQL: runs under `npm run test:pg` (and CI),
 * which provides the cluster.
 */

/** The app on another database, reading the same files: what the operator starts after the move. */
async function appOn(
  url: string,
  dataDir: string,
  storage: Storage,
): Promise<{ app: App; database: OpenDatabase }> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: url });
  const database = openDatabase(config);
  const app = await buildApp({ config, db: database.db, storage });
  await app.ready();
  return { app, database };
}

async function readsOf(app: App, cookie: string) {
  const get = async (url: string) => (await app.inject({ url, headers: { cookie } })).json<unknown>();
  return {
    publicVideos: await get('/api/public/videos'),
    featured: await get('/api/public/featured-videos'),
    latest: await get('/api/public/latest-videos'),
    allVideos: await get('/api/videos'),
    users: await get('/api/users'),
    publicCreators: await get('/api/public/creators'),
    creators: await get('/api/creators'),
    stats: await get('/api/stats/dashboard'),
  };
}

describe.runIf(testDatabaseUrl())('npm run cli -- db copy --to', () => {
  let t: TestApp;
  const made: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp({}, { sqlite: true });
  });
  afterAll(async () => {
    await t.close();
    for (const name of made) await onCluster(`drop database if exists ${name} with (force)`);
  });

  it('copies every row into an empty PostgreSQL database, which then serves the same answers', async () => {
    const admin = await makeSignedIn(t, { superadmin: true });
    const category = await seedCategory(t, 'video', 'Cuisine');
    const creator = await seedCreator(t);
    for (let i = 0; i < 14; i += 1) await seedVideo(t, creator.id, `Recette ${i}`, [category]);
    const [first] = (await t.db.selectFrom('videos').select('id').execute()).map((row) => row.id);
    await t.app.inject({
      method: 'PUT',
      url: `/api/videos/${first}/featured`,
      headers: { cookie: admin.cookie },
    });
    await t.db.updateTable('totals').set({ value: 1234 }).where('name', '=', 'views').execute();
    const before = await readsOf(t.app, admin.cookie);
    const counts = await countRows(t.db);

    const name = await createEmptyDatabase();
    made.push(name);
    const url = databaseUrlFor(name);
    const result = await runCli(t, ['db', 'copy', '--to', url]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('videos : 14 ligne(s) copiée(s)');
    expect(result.stdout.trim().split('\n').at(-1)).toMatch(
      /^Base copiée vers PostgreSQL : \d+ ligne\(s\), chaque table vérifiée\.$/,
    );

    const moved = await appOn(url, t.dataDir, t.storage);
    try {
      expect(await countRows(moved.database.db)).toEqual(counts);
      // The session, the password hash and every id came along: same cookie, same answers.
      expect(await readsOf(moved.app, admin.cookie)).toEqual(before);
      const again = await signIn({ ...t, app: moved.app }, admin.email, TEST_PASSWORD);
      expect(again).toMatch(/^coulisses_session=/);
    } finally {
      await moved.app.close();
      await moved.database.close();
    }

    const refused = await runCli(t, ['db', 'copy', '--to', url]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr.trim()).toMatch(
      /^La base cible contient déjà des données \(users, .*\) : copie vers une base vide\.$/,
    );
  });

  it('restores a backup into an empty PostgreSQL database', async () => {
    const admin = await makeSignedIn(t, { superadmin: true });
    const before = await readsOf(t.app, admin.cookie);
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'coulisses-pg-restore-'));
    try {
      const file = path.join(scratch, 'sauvegarde.sqlite');
      expect((await runCli(t, ['backup', file])).code).toBe(0);
      const written = fs.readFileSync(file);
      const name = await createEmptyDatabase();
      made.push(name);
      const url = databaseUrlFor(name);
      const restored = await runCli(
        { dataDir: path.join(scratch, 'donnees'), env: { ...t.env, DATABASE_URL: url } },
        ['restore', file],
      );
      expect(restored.stderr).toBe('');
      expect(restored.stdout.trim()).toMatch(
        /^Sauvegarde restaurée dans la base PostgreSQL : base et \d+ fichier\(s\)\.$/,
      );
      // Restoring reads the backup and leaves it exactly as it was, with no journal beside it.
      expect(fs.readFileSync(file).equals(written)).toBe(true);
      expect(fs.readdirSync(scratch).filter((name) => name.startsWith('sauvegarde'))).toEqual([
        'sauvegarde.sqlite',
      ]);
      const moved = await appOn(url, path.join(scratch, 'donnees'), t.storage);
      try {
        expect(await readsOf(moved.app, admin.cookie)).toEqual(before);
        expect(await countRows(moved.database.db)).toEqual(await countRows(t.db));
      } finally {
        await moved.app.close();
        await moved.database.close();
      }
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });
});
