import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.ts';
import { openStorage } from '../../src/lib/open-storage.ts';
import { thumbnailKeyOf, type Storage } from '../../src/lib/storage.ts';
import { startS3Server, type S3Server } from '../s3-server.ts';

let s3: S3Server;
let scratch: string;
beforeAll(async () => {
  s3 = await startS3Server();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'coulisses-storage-'));
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const kinds = {
  disk: () => ({}),
  s3: () => s3.env,
};

describe.each(Object.entries(kinds))('Storage on %s', (kind, env) => {
  let sut: Storage;
  beforeAll(async () => {
    sut = await openStorage(loadConfig({ DATA_DIR: path.join(scratch, kind), ...env() }));
  });

  it('answers the readiness check', async () => {
    await expect(sut.check()).resolves.toBeUndefined();
  });

  it('writes, reads, opens and lists a file', async () => {
    const key = 'videos/createur/premiere.jpg';
    const before = Date.now();
    await sut.put(key, Buffer.from('octets'));
    expect(await sut.exists(key)).toBe(true);
    expect((await sut.read(key))?.toString()).toBe('octets');
    expect(await sut.size(key)).toBe(6);
    // S3 keeps LastModified to the second.
    expect(await sut.modifiedAt(key)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    const opened = await sut.open(key);
    expect(opened).toMatchObject({ size: 6, contentType: 'image/jpeg' });
    expect(opened?.etag).toMatch(/^(W\/)?".+"$/);
    expect(await text(opened!.body)).toBe('octets');
    const keys: string[] = [];
    for await (const listed of sut.list()) keys.push(listed);
    expect(keys).toContain(key);
  });

  it('overwrites a file under the same key', async () => {
    const key = 'creators/createur/page.jpg';
    await sut.put(key, Buffer.from('avant'));
    await sut.put(key, Buffer.from('après'));
    expect((await sut.read(key))?.toString()).toBe('après');
  });

  it('answers null or false for a missing file', async () => {
    const key = 'discount_images/absente.jpg';
    expect(await sut.exists(key)).toBe(false);
    expect(await sut.read(key)).toBeNull();
    expect(await sut.open(key)).toBeNull();
    expect(await sut.modifiedAt(key)).toBeNull();
    expect(await sut.size(key)).toBeNull();
    await expect(sut.remove(key)).resolves.toBeUndefined();
  });

  it('keeps a removed file in the trash, out of the list, until it is purged', async () => {
    const key = 'discount_images/corbeille.jpg';
    await sut.put(key, Buffer.from('supprimée'));
    await sut.remove(key);
    expect(await sut.exists(key)).toBe(false);
    expect(await sut.open(key)).toBeNull();
    expect(await sut.modifiedAt(key)).toBeNull();
    expect((await sut.read(key))?.toString()).toBe('supprimée');
    for await (const listed of sut.list()) expect(listed).not.toBe(key);

    expect(await sut.purgeRemoved(Date.now() - 60_000)).toBe(0);
    expect(await sut.read(key)).not.toBeNull();
    expect(await sut.purgeRemoved(Date.now() + 2_000)).toBeGreaterThanOrEqual(1);
    expect(await sut.read(key)).toBeNull();
  });

  it('removes an original with its thumbnail, and a thumbnail alone', async () => {
    const original = 'videos/createur/avec-vignette.jpg';
    const thumbnail = thumbnailKeyOf(original);
    await sut.put(original, Buffer.from('originale'));
    await sut.put(thumbnail, Buffer.from('vignette'));
    const listed: string[] = [];
    for await (const key of sut.list()) listed.push(key);
    expect(listed).toEqual(expect.arrayContaining([original, thumbnail]));

    await sut.remove(thumbnail);
    expect(await sut.exists(thumbnail)).toBe(false);
    expect(await sut.exists(original)).toBe(true);
    await sut.put(thumbnail, Buffer.from('vignette'));
    await sut.remove(original);
    expect(await sut.exists(original)).toBe(false);
    expect(await sut.exists(thumbnail)).toBe(false);
  });

  it.each([
    '../coulisses.sqlite',
    '.trash/videos/x.jpg',
    'videos/a/b/c.jpg',
    'videos/x.png',
    'autre/x.jpg',
    'thumbnails/thumbnails/videos/x.jpg',
    'thumbnails/autre/x.jpg',
  ])('refuses the key %s', async (key) => {
    await expect(sut.put(key, Buffer.from('x'))).rejects.toThrow(/Refused storage key/);
    await expect(sut.read(key)).rejects.toThrow(/Refused storage key/);
    await expect(sut.open(key)).rejects.toThrow(/Refused storage key/);
    await expect(sut.remove(key)).rejects.toThrow(/Refused storage key/);
    expect(await sut.exists(key)).toBe(false);
    expect(await sut.modifiedAt(key)).toBeNull();
  });

  it('leaves images kept outside alone', async () => {
    const url = 'https://firebasestorage.googleapis.com/v0/b/app/o/image.jpg';
    expect(sut.urlFor(url)).toBe(url);
    expect(await sut.exists(url)).toBe(false);
    expect(await sut.read(url)).toBeNull();
    await expect(sut.remove(url)).resolves.toBeUndefined();
  });

  it('links a key under /files/', () => {
    expect(sut.urlFor('videos/u/f.jpg')).toBe('/files/videos/u/f.jpg');
  });
});

describe('S3 storage', () => {
  it('links a key at S3_PUBLIC_URL when it is set', async () => {
    const sut = await openStorage(
      loadConfig({
        DATA_DIR: scratch,
        ...s3.env,
        S3_PUBLIC_URL: 'https://images.exemple.fr/coulisses',
      }),
    );
    expect(sut.urlFor('videos/u/f.jpg')).toBe('https://images.exemple.fr/coulisses/videos/u/f.jpg');
  });

  it('fails its readiness check when the bucket is missing or the server is down', async () => {
    const other = await startS3Server();
    const config = loadConfig({ DATA_DIR: scratch, ...other.env });
    const absent = await openStorage({
      ...config,
      storage: { ...config.storage, bucket: 'absent' } as typeof config.storage,
    });
    await expect(absent.check()).rejects.toThrow();
    const sut = await openStorage(config);
    await sut.check();
    await other.close();
    await expect(sut.check()).rejects.toThrow();
  });
});

describe('disk storage', () => {
  it('fails its readiness check when its folder is gone', async () => {
    const dataDir = path.join(scratch, 'disparu');
    const sut = await openStorage(loadConfig({ DATA_DIR: dataDir }));
    await sut.check();
    fs.rmSync(dataDir, { recursive: true });
    await expect(sut.check()).rejects.toThrow();
  });
});
