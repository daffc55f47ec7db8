import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURED_VIDEOS_MAX, LATEST_VIDEOS_CAP } from '@coulisses/domain/constants/limits';
import { openDatabase, type OpenDatabase } from '../../src/db/database.ts';
import { loadConfig } from '../../src/config/env.ts';
import { makeImage } from '../images.ts';
import { runCli } from '../maintenance/run-cli.ts';
import { createTestBucket } from '../s3-server.ts';
import { signInAdmin, startServer, type ServerProcess } from '../server-process.ts';
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '../test-database.ts';
import { videoForm } from '../videos/video-fixtures.ts';

/*
 * Two server processes, as behind a load balancer, sharing one PostgreSQL database and one bucket:
 * whatever one process does, the other sees at its next request. Runs under `npm run test:pg`.
 */

const s3Endpoint = process.env.TEST_S3_ENDPOINT;

describe.runIf(testDatabaseUrl() && s3Endpoint)('two processes, one database, one bucket', () => {
  let database: TestDatabase;
  let direct: OpenDatabase;
  let env: NodeJS.ProcessEnv;
  let scratch: string;
  let a: ServerProcess;
  let b: ServerProcess;
  let images: { horizontal: Buffer; vertical: Buffer };

  beforeAll(async () => {
    database = await createTestDatabase('empty');
    const bucket = await createTestBucket(
      s3Endpoint!,
      process.env.TEST_S3_ACCESS_KEY_ID,
      process.env.TEST_S3_SECRET_ACCESS_KEY,
    );
    // 14 uploads by one user at once: the per-process upload limits (upload-limits.api.test.ts) stay out of the way.
    env = { ...database.env, ...bucket, UPLOAD_CONCURRENCY: '64', UPLOADS_PER_USER: '64' };
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'coulisses-two-'));
    // Started together on an empty database: both migrate and both bootstrap the admin at once.
    [a, b] = await Promise.all([
      startServer(path.join(scratch, 'a'), env),
      startServer(path.join(scratch, 'b'), env),
    ]);
    direct = openDatabase(loadConfig({ DATA_DIR: scratch, LOG_LEVEL: 'silent', ...env }));
    images = { horizontal: await makeImage(1600, 1000), vertical: await makeImage(1000, 1600) };
  }, 120_000);

  afterAll(async () => {
    for (const server of [a, b]) {
      if (!server) continue;
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await direct?.close();
    await database?.drop();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  const call = (base: string, url: string, cookie: string, init: RequestInit = {}) =>
    fetch(`${base}${url}`, { ...init, headers: { cookie, ...init.headers } });
  const json = (body: unknown) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

  it('a session made on one works on the other; signing out on one ends it on both', async () => {
    const cookie = await signInAdmin(a.base);
    expect((await call(b.base, '/api/auth/me', cookie)).status).toBe(200);
    expect((await call(b.base, '/api/auth/logout', cookie, { method: 'POST' })).status).toBe(204);
    expect((await call(a.base, '/api/auth/me', cookie)).status).toBe(204);
    expect((await call(b.base, '/api/auth/me', cookie)).status).toBe(204);
  });

  it('a suspension made through one is enforced by the other at the next request', async () => {
    const email = 'createur-deux@exemple.fr';
    const added = await runCli({ dataDir: path.join(scratch, 'cli'), env }, [
      'user',
      'add',
      email,
      '--password',
      'motdepasse-deux',
      '--creator',
    ]);
    expect(added.code).toBe(0);
    const user = await direct.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    // A published page, visible in the app through either process.
    await direct.db
      .updateTable('creators')
      .set({ is_live: 1, title: 'Deux' })
      .where('id', '=', user.id)
      .execute();
    expect((await fetch(`${b.base}/api/public/creators/${user.id}`)).status).toBe(200);

    const admin = await signInAdmin(a.base);
    const suspended = await call(a.base, `/api/creators/${user.id}/status`, admin, {
      ...json({ active: false }),
      method: 'PUT',
    });
    expect(suspended.status).toBe(204);
    expect((await fetch(`${b.base}/api/public/creators/${user.id}`)).status).toBe(404);
  });

  it('video adds and featured toggles sent to both at once keep every rule; images are served by both', async () => {
    const admin = await signInAdmin(a.base);
    // The admin's page needs its required fields to go live: set it straight in the database.
    await direct.db.updateTable('creators').set({ is_live: 1 }).execute();
    const category = (await (
      await call(a.base, '/api/video-categories', admin, json({ name: 'Deux' }))
    ).json()) as {
      id: string;
    };
    const adds = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        call(i % 2 ? b.base : a.base, '/api/videos', admin, {
          method: 'POST',
          body: videoForm({
            title: `Double ${i}`,
            link: 'https://youtu.be/dQw4w9WgXcQ',
            categories: [category.id],
            ...images,
          }),
        }),
      ),
    );
    expect(adds.map((response) => response.status)).toEqual(Array(14).fill(201));
    const bodies = await Promise.all(
      adds.map(async (response) => (await response.json()) as { id: string; hor_img_url: string }),
    );
    const ids = bodies.map((body) => body.id);
    const latest = await direct.db.selectFrom('latest_videos').select('video_id').execute();
    expect(latest).toHaveLength(LATEST_VIDEOS_CAP);
    expect(new Set(latest.map((row) => row.video_id)).size).toBe(LATEST_VIDEOS_CAP);

    const toggles = await Promise.all(
      ids.map((id, i) =>
        call(i % 2 ? a.base : b.base, `/api/videos/${id}/featured`, admin, { method: 'POST' }),
      ),
    );
    expect(toggles.map((response) => response.status)).toEqual(Array(14).fill(200));
    const featured = await direct.db.selectFrom('featured_videos').select('video_id').execute();
    expect(featured).toHaveLength(FEATURED_VIDEOS_MAX);
    expect(new Set(featured.map((row) => row.video_id)).size).toBe(FEATURED_VIDEOS_MAX);

    // Uploaded through one process, served by the other from the shared bucket.
    const image = await fetch(`${b.base}${new URL(bodies[0]!.hor_img_url, b.base).pathname}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  }, 120_000);
});
