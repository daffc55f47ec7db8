import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thumbnailKeyOf } from '../../src/lib/storage.ts';
import { sweepStorage } from '../../src/modules/maintenance/storage-sweep.service.ts';
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

/** How old an unreferenced file must be before the sweep removes it (storage-sweep.service.ts). */
const ORPHAN_GRACE_MS = 60 * 60 * 1000;

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
    const orphan = `videos/${creator.id}/orphelin.jpg`;
    await t.storage.put(orphan, Buffer.from('sans ligne'));
    // A bucket dates its objects to the second: the upload in flight comes clearly later.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    // An upload in flight: written, its row not committed yet.
    const fresh = `videos/${creator.id}/en-cours.jpg`;
    await t.storage.put(fresh, Buffer.from('tout juste écrit'));

    // Right now, every file is too young to be an orphan.
    const result = await runCli(t, ['storage', 'sweep']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Fichiers orphelins retirés : 0.');
    expect(result.stdout).toContain(row.ver_img_url);
    expect(await t.storage.exists(orphan)).toBe(true);

    // Once the orphan is past the grace period, and the upload in flight is not yet. Files on a
    // bucket cannot be back-dated, so the sweep's clock moves instead.
    const later = (await t.storage.modifiedAt(orphan))! + ORPHAN_GRACE_MS + 1_000;
    const report = await sweepStorage(t, later);
    expect(report.orphansRemoved).toBe(1);
    expect(report.missing).toContain(row.ver_img_url);
    expect(await t.storage.exists(orphan)).toBe(false);
    expect(await t.storage.exists(fresh)).toBe(true);
    expect(await t.storage.exists(row.hor_img_url)).toBe(true);
  });

  it('keeps a thumbnail as long as its original is used, and removes it with an orphan', async () => {
    const creator = await seedCreator(t);
    const video = await seedVideo(t, creator.id, 'Avec vignette');
    const { hor_img_url: used } = await t.db
      .selectFrom('videos')
      .select('hor_img_url')
      .where('id', '=', video)
      .executeTakeFirstOrThrow();
    const orphan = `videos/${creator.id}/vignette-orpheline.jpg`;
    for (const key of [used, thumbnailKeyOf(used), orphan, thumbnailKeyOf(orphan)]) {
      await t.storage.put(key, Buffer.from(key));
    }
    const later = (await t.storage.modifiedAt(thumbnailKeyOf(orphan)))! + ORPHAN_GRACE_MS + 1_000;
    const report = await sweepStorage(t, later);
    expect(report.missing).not.toContain(thumbnailKeyOf(used));
    expect(await t.storage.exists(thumbnailKeyOf(used))).toBe(true);
    expect(await t.storage.exists(orphan)).toBe(false);
    expect(await t.storage.exists(thumbnailKeyOf(orphan))).toBe(false);
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
