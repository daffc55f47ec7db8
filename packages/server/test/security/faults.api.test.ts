import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@coulisses/domain/messages';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config/env.ts';
import { DATABASE_FILE, openDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { diskStorage } from '../../src/lib/disk-storage.ts';
import type { Storage } from '../../src/lib/storage.ts';
import { makeSignedIn, publishPage } from '../factories.ts';
import { makeImage } from '../images.ts';
import { seedCategory } from '../public/seed.ts';
import { videoForm } from '../videos/video-fixtures.ts';
import { stateOf } from './state-checksum.ts';
import { signInAdmin, startServer } from '../server-process.ts';

let scratch: string;
let images: { horizontal: Buffer; vertical: Buffer };
beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'coulisses-faults-'));
  images = { horizontal: await makeImage(1600, 1000), vertical: await makeImage(1000, 1600) };
});
afterAll(() => {
  fs.rmSync(scratch, { recursive: true, force: true });
});

const form = (categoryId: string, title: string) =>
  videoForm({ title, link: 'https://youtu.be/dQw4w9WgXcQ', categories: [categoryId], ...images });

async function prepareCreator(base: string, cookie: string) {
  const category = await fetch(`${base}/api/video-categories`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Catégorie ${Math.random()}` }),
  });
  return ((await category.json()) as { id: string }).id;
}

describe('faults', () => {
  it('disk full while writing an image: a clear error, nothing half-saved, the server keeps serving', async () => {
    const dataDir = path.join(scratch, 'plein');
    const database = openDatabase(dataDir);
    await migrateToLatest(database.db);
    const disk = diskStorage(path.join(dataDir, 'files'));
    let full = false;
    const storage: Storage = {
      ...disk,
      async put(key, data) {
        if (full)
          throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
        return disk.put(key, data);
      },
    };
    const context = {
      config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
      db: database.db,
      storage,
    };
    const app = await buildApp(context);
    const t = { ...context, app, dataDir, sqlite: database.sqlite, close: () => Promise.resolve() };
    try {
      const creator = await makeSignedIn(t);
      await publishPage(t, creator.id);
      const category = await seedCategory(t, 'video', 'Sport');
      const before = await stateOf(t);
      full = true;
      const response = await app.inject({
        method: 'POST',
        url: '/api/videos',
        headers: { cookie: creator.cookie },
        payload: form(category, 'Sur un disque plein'),
      });
      expect(response.statusCode).toBe(507);
      expect(response.json().error.message).toBe(MESSAGES.diskFull);
      expect(await stateOf(t)).toEqual(before);
      full = false;
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
      const again = await app.inject({
        method: 'POST',
        url: '/api/videos',
        headers: { cookie: creator.cookie },
        payload: form(category, 'Après le ménage'),
      });
      expect(again.statusCode).toBe(201);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('SIGKILL in the middle of adds and deletes: the database is intact and no row points at a missing file', async () => {
    const dataDir = path.join(scratch, 'tue');
    // 30 uploads by one user at once: the upload limits (upload-limits.api.test.ts) stay out of the way.
    const unbounded = { UPLOAD_CONCURRENCY: '64', UPLOADS_PER_USER: '64' };
    let server = await startServer(dataDir, unbounded);
    const cookie = await signInAdmin(server.base);
    await fetch(`${server.base}/api/page/publish`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ live: true }),
    });
    // The admin's page needs its required fields to go live: set them straight in the database.
    const direct = new SQLite(path.join(dataDir, DATABASE_FILE));
    direct.prepare('UPDATE creators SET is_live = 1').run();
    direct.close();
    const category = await prepareCreator(server.base, cookie);
    const post = (title: string) =>
      fetch(`${server.base}/api/videos`, {
        method: 'POST',
        headers: { cookie },
        body: form(category, title),
      }).then(
        async (response) => (response.ok ? ((await response.json()) as { id: string }).id : null),
        () => null,
      );
    const first = (await Promise.all(Array.from({ length: 6 }, (_, i) => post(`Avant ${i}`)))).filter(
      Boolean,
    );
    expect(first.length).toBe(6);

    const inFlight = [
      ...Array.from({ length: 24 }, (_, i) => post(`Pendant ${i}`)),
      ...first.map((id) =>
        fetch(`${server.base}/api/videos/${id}`, { method: 'DELETE', headers: { cookie } }).catch(() => null),
      ),
    ];
    await new Promise((resolve) => setTimeout(resolve, 250));
    server.child.kill('SIGKILL');
    await server.exited;
    const outcomes = await Promise.all(inFlight);
    // The kill must land mid-work: some requests were cut off without an answer.
    expect(outcomes.filter((outcome) => outcome === null).length).toBeGreaterThan(0);

    server = await startServer(dataDir);
    try {
      const db = new SQLite(path.join(dataDir, DATABASE_FILE), { readonly: true });
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(db.pragma('foreign_key_check')).toEqual([]);
        const videos = db.prepare('SELECT id, hor_img_url, ver_img_url FROM videos').all() as {
          id: string;
          hor_img_url: string;
          ver_img_url: string;
        }[];
        for (const video of videos) {
          for (const key of [video.hor_img_url, video.ver_img_url]) {
            expect(fs.existsSync(path.join(dataDir, 'files', key)), key).toBe(true);
          }
          const links = db
            .prepare('SELECT count(*) AS n FROM video_category_links WHERE video_id = ?')
            .get(video.id);
          expect((links as { n: number }).n).toBeGreaterThan(0);
        }
        const latest = db.prepare('SELECT count(*) AS n FROM latest_videos').get() as { n: number };
        expect(latest.n).toBeLessThanOrEqual(11);
      } finally {
        db.close();
      }
      expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 90_000);

  it('SIGTERM with a request in flight: it finishes, a new one gets 503, then the process exits cleanly within 10 s', async () => {
    const dataDir = path.join(scratch, 'termine');
    const server = await startServer(dataDir);
    const cookie = await signInAdmin(server.base);
    const direct = new SQLite(path.join(dataDir, DATABASE_FILE));
    direct.prepare('UPDATE creators SET is_live = 1').run();
    direct.close();
    const category = await prepareCreator(server.base, cookie);
    const form = new Request(`${server.base}/api/videos`, {
      method: 'POST',
      body: videoForm({
        title: 'En vol',
        link: 'https://youtu.be/dQw4w9WgXcQ',
        categories: [category],
        horizontal: await makeImage(),
        vertical: await makeImage(900, 1200),
      }),
    });
    const body = Buffer.from(await form.arrayBuffer());
    // The upload is sent in two halves around the signal, so it is surely in flight when it comes.
    const request = http.request(`${server.base}/api/videos`, {
      method: 'POST',
      headers: {
        cookie,
        'content-type': form.headers.get('content-type')!,
        'content-length': String(body.length),
      },
    });
    const answered = new Promise<number>((resolve, reject) => {
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
    });
    const half = Math.floor(body.length / 2);
    request.write(body.subarray(0, half));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const startedAt = Date.now();
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const meanwhile = await fetch(`${server.base}/api/health`);
    expect(meanwhile.status).toBe(503);
    expect(((await meanwhile.json()) as { error: { message: string } }).error.message).toBe(
      MESSAGES.shuttingDown,
    );
    request.end(body.subarray(half));
    expect(await answered).toBe(201);
    const code = await server.exited;
    expect(code).toBe(0);
    expect(Date.now() - startedAt).toBeLessThan(10_000);
    const after = await fetch(`${server.base}/api/health`).then(
      (r) => r.status,
      () => 'refused',
    );
    expect(after).toBe('refused');
  }, 60_000);
});
