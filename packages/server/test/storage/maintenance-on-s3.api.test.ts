import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.ts';
import { openStorage } from '../../src/lib/open-storage.ts';
import { sweepStorage } from '../../src/modules/maintenance/storage-sweep.service.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { runCli } from '../maintenance/run-cli.ts';
import { seedCreator, seedVideo } from '../public/seed.ts';
import { createTestBucket, startS3Server, type S3Server } from '../s3-server.ts';

/** How old an unreferenced file must be before the sweep removes it (storage-sweep.service.ts). */
const ORPHAN_GRACE_MS = 60 * 60 * 1000;

let s3: S3Server;
let t: TestApp;
let scratch: string;
beforeAll(async () => {
  s3 = await startS3Server();
  t = await buildTestApp(s3.env);
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'coulisses-s3-maintenance-'));
});
afterAll(async () => {
  await t.close();
  await s3.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** A video whose two images are in the bucket; answers their keys. */
async function videoWithFiles(title: string) {
  const creator = await seedCreator(t);
  const id = await seedVideo(t, creator.id, title);
  const row = await t.db
    .selectFrom('videos')
    .select(['id', 'hor_img_url', 'ver_img_url'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  await t.storage.put(row.hor_img_url, Buffer.from(`horizontale ${title}`));
  await t.storage.put(row.ver_img_url, Buffer.from(`verticale ${title}`));
  return row;
}

describe('backups and the sweep with storage on S3', () => {
  it('backs up the bucket’s files with the database and restores them into another bucket', async () => {
    const kept = await videoWithFiles('Gardée');
    const gone = await videoWithFiles('Supprimée');
    await t.db.deleteFrom('videos').where('id', '=', gone.id).execute();
    await t.storage.remove(gone.hor_img_url);
    await t.storage.remove(gone.ver_img_url);

    const backupFile = path.join(scratch, 'sauvegarde.sqlite');
    const backup = await runCli(t, ['backup', backupFile]);
    expect(backup.stderr).toBe('');
    expect(backup.stdout).toMatch(/base et 2 fichier\(s\)\./);

    const restoreEnv = await createTestBucket(s3.env.S3_ENDPOINT);
    const target = path.join(scratch, 'restauree');
    const restore = await runCli(target, ['restore', backupFile], restoreEnv);
    expect(restore.stderr).toBe('');
    expect(restore.stdout).toMatch(/base et 2 fichier\(s\)\./);

    const restored = await openStorage(loadConfig({ DATA_DIR: target, ...restoreEnv }));
    for (const key of [kept.hor_img_url, kept.ver_img_url]) {
      expect(await restored.read(key)).toEqual(await t.storage.read(key));
    }
    expect(await restored.read(gone.hor_img_url)).toBeNull();
    expect(fs.existsSync(path.join(target, 'files', kept.hor_img_url))).toBe(false);
  }, 90_000);

  it('sweeps orphans out of the bucket and purges its trash', async () => {
    const kept = await videoWithFiles('Référencée');
    const orphan = 'discount_images/orpheline.jpg';
    await t.storage.put(orphan, Buffer.from('sans ligne'));

    const now = await runCli(t, ['storage', 'sweep']);
    expect(now.code).toBe(0);
    expect(now.stdout).toContain('Fichiers orphelins retirés : 0.');
    expect(await t.storage.exists(orphan)).toBe(true);

    const later = (await t.storage.modifiedAt(orphan))! + ORPHAN_GRACE_MS + 1_000;
    expect((await sweepStorage(t, later)).orphansRemoved).toBe(1);
    expect(await t.storage.exists(orphan)).toBe(false);
    expect(await t.storage.exists(kept.hor_img_url)).toBe(true);
    expect((await t.storage.read(orphan))?.toString()).toBe('sans ligne');

    const dayLater = later + 25 * 60 * 60 * 1000;
    expect((await sweepStorage(t, dayLater)).trashPurged).toBeGreaterThanOrEqual(1);
    expect(await t.storage.read(orphan)).toBeNull();
  }, 60_000);
});
