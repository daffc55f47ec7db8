import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config/env.ts';
import { openStorage } from '../../src/lib/open-storage.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { runCli } from '../maintenance/run-cli.ts';
import { startS3Server, type S3Server } from '../s3-server.ts';
import { uploadImage } from './upload-image.ts';

let s3: S3Server;
let t: TestApp;
beforeAll(async () => {
  s3 = await startS3Server();
  // On disk whatever the pass: the files to move live in DATA_DIR/files.
  t = await buildTestApp({ S3_BUCKET: '' });
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

describe('npm run cli -- storage copy --to-s3', () => {
  it('refuses to run without S3_BUCKET, saying which variables to set', async () => {
    const result = await runCli(t.dataDir, ['storage', 'copy', '--to-s3']);
    expect(result.code).not.toBe(0);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('S3_BUCKET');
  });

  it('copies every live file into the bucket, where the same image URLs keep working, and never twice', async () => {
    const urls = [await uploadImage(t), await uploadImage(t)];
    const keys = urls.map((url) => url.slice('/files/'.length));
    const removed = 'discount_images/retiree.jpg';
    await t.storage.put(removed, Buffer.from('dans la corbeille'));
    await t.storage.remove(removed);

    const first = await runCli(t.dataDir, ['storage', 'copy', '--to-s3'], s3.env);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    for (const key of keys) expect(first.stdout).toContain(`Copié : ${key}`);
    expect(first.stdout.trim().split('\n').at(-1)).toBe('2 fichier(s) copiés, 0 déjà présents.');

    const config = loadConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: 'silent', ...s3.env });
    const bucket = await openStorage(config);
    expect(await bucket.exists(removed)).toBe(false);
    expect(await bucket.read(removed)).toBeNull();

    // The server switched to the bucket, on the same database: the rows hold keys, not URLs.
    const app = await buildApp({ config, db: t.db, storage: bucket });
    try {
      for (const url of urls) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('image/jpeg');
        const onDisk = fs.readFileSync(path.join(t.dataDir, 'files', url.slice('/files/'.length)));
        expect(response.rawPayload.equals(onDisk)).toBe(true);
      }
    } finally {
      await app.close();
    }

    const second = await runCli(t.dataDir, ['storage', 'copy', '--to-s3'], s3.env);
    expect(second.code).toBe(0);
    expect(second.stdout).not.toContain('Copié');
    expect(second.stdout.trim().split('\n').at(-1)).toBe('0 fichier(s) copiés, 2 déjà présents.');
  }, 90_000);
});
