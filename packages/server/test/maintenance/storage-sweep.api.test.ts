import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { seedCreator, seedVideo } from '../public/seed.ts';
import { runCli } from './run-cli.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const TWO_HOURS_AGO = new Date(Date.now() - 2 * 60 * 60 * 1000);
const age = (key: string) => fs.utimesSync(path.join(t.dataDir, 'files', key), TWO_HOURS_AGO, TWO_HOURS_AGO);

describe('npm run cli -- storage sweep', () => {
  it('removes old files no row points at, keeps referenced and fresh ones, reports missing ones', async () => {
    const creator = await seedCreator(t);
    const video = await seedVideo(t, creator.id, 'Gardée');
    const row = await t.db
      .selectFrom('videos')
      .select(['hor_img_url', 'ver_img_url'])
      .where('id', '=', video)
      .executeTakeFirstOrThrow();
    await t.storage.put(row.hor_img_url, Buffer.from('horizontale'));
    age(row.hor_img_url);
    const orphan = `videos/${creator.id}/orphelin.jpg`;
    await t.storage.put(orphan, Buffer.from('sans ligne'));
    age(orphan);
    // An upload in flight: written, its row not committed yet.
    const fresh = `videos/${creator.id}/en-cours.jpg`;
    await t.storage.put(fresh, Buffer.from('tout juste écrit'));

    const result = await runCli(t, ['storage', 'sweep']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Fichiers orphelins retirés : 1.');
    expect(result.stdout).toContain(row.ver_img_url);
    expect(await t.storage.exists(orphan)).toBe(false);
    expect(await t.storage.exists(fresh)).toBe(true);
    expect(await t.storage.exists(row.hor_img_url)).toBe(true);
  });

  it('keeps a removed file readable in the trash until it is old, then purges it', async () => {
    const key = 'discount_images/corbeille.jpg';
    await t.storage.put(key, Buffer.from('bientôt supprimé'));
    await t.storage.remove(key);
    expect(await t.storage.exists(key)).toBe(false);
    expect((await t.storage.read(key))?.toString()).toBe('bientôt supprimé');
    expect(await t.storage.purgeRemoved(Date.now() - 60_000)).toBe(0);
    expect(await t.storage.purgeRemoved(Date.now() + 1)).toBeGreaterThanOrEqual(1);
    expect(await t.storage.read(key)).toBeNull();
  });

  it('never serves the trash', async () => {
    const key = 'discount_images/cachee.jpg';
    await t.storage.put(key, Buffer.from('x'));
    await t.storage.remove(key);
    const response = await t.app.inject({ method: 'GET', url: `/files/.trash/${key}` });
    expect([403, 404]).toContain(response.statusCode);
    expect(response.headers['content-type']).toMatch(/json/);
  });
});
