import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firebaseScryptHash, type FirebaseHashConfig } from '../../src/lib/firebase-scrypt.ts';
import { rowCount } from '../database-reads.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeUser, signIn } from '../factories.ts';
import { runCli } from '../maintenance/run-cli.ts';
import { asNodeFirestoreImportExport, originalCollections } from './original-app-export.ts';

/** A Firebase project's hash parameters, as its console would show them. */
const HASH_CONFIG = {
  base64_signer_key: Buffer.from('coulisses-signer-key-of-the-original-project-0123456789abcdef').toString(
    'base64',
  ),
  base64_salt_separator: 'Bw==',
  rounds: 8,
  mem_cost: 14,
};
const config: FirebaseHashConfig = {
  signerKey: Buffer.from(HASH_CONFIG.base64_signer_key, 'base64'),
  saltSeparator: Buffer.from(HASH_CONFIG.base64_salt_separator, 'base64'),
  rounds: HASH_CONFIG.rounds,
  memCost: HASH_CONFIG.mem_cost,
};
const OLD_PASSWORD = 'mon-ancien-mot-de-passe';

/** Each case runs the real CLI in its own process, which takes a few seconds per run. */
const CLI_TIMEOUT_MS = 120_000;

let t: TestApp;
let files: { firestore: string; nested: string; auth: string; hashConfig: string };

async function authUser(localId: string, email: string, password?: string) {
  if (!password) return { localId, email, createdAt: '1700000000000', disabled: false };
  const salt = Buffer.from(`sel-${localId}`).toString('base64');
  return {
    localId,
    email,
    salt,
    passwordHash: await firebaseScryptHash(password, salt, config),
    disabled: false,
  };
}

beforeAll(async () => {
  t = await buildTestApp();
  const dir = fs.mkdtempSync(path.join(t.dataDir, 'export-'));
  const write = (name: string, content: unknown) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
    return file;
  };
  const collections = originalCollections();
  files = {
    firestore: write('firestore.json', collections),
    nested: write('nested.json', asNodeFirestoreImportExport(collections)),
    auth: write('users.json', {
      users: [
        await authUser('u-admin', 'admin@original.fr', OLD_PASSWORD),
        await authUser('u-live', 'live@original.fr', OLD_PASSWORD),
        await authUser('u-google', 'google@original.fr'),
      ],
    }),
    hashConfig: write('hash-config.json', HASH_CONFIG),
  };
});
afterAll(async () => t?.close());

const importArgs = (firestore: string, ...flags: string[]) => [
  'import',
  'firebase',
  '--firestore',
  firestore,
  '--auth',
  files.auth,
  '--hash-config',
  files.hashConfig,
  ...flags,
];

const count = (table: 'users' | 'creators' | 'videos' | 'discounts' | 'video_categories') =>
  rowCount(t.db, table);

async function get(url: string, cookie?: string) {
  const response = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  expect(response.statusCode, url).toBe(200);
  return response.json();
}

describe('npm run cli -- import firebase', { timeout: CLI_TIMEOUT_MS }, () => {
  it('a dry run prints the report and writes nothing', async () => {
    const result = await runCli(t, importArgs(files.nested, '--dry-run'));
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Essai : rien n’a été écrit');
    expect(result.stdout).toContain('videos : 14 importé(s), 2 ignoré(s)');
    expect(result.stdout).toContain('- videos/v-orphan :');
    expect(await count('videos')).toBe(0);
    expect(await count('users')).toBe(0);
  });

  it('moves everything in, with the same counts in the back-office lists', async () => {
    const result = await runCli(t, importArgs(files.firestore));
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Import terminé.');
    expect(await count('users')).toBe(7);
    expect(await count('creators')).toBe(4);
    expect(await count('videos')).toBe(14);
    expect(await count('discounts')).toBe(2);

    const admin = await signIn(t, 'admin@original.fr', OLD_PASSWORD);
    const videos = await get('/api/videos', admin);
    expect(videos.items).toHaveLength(14);
    const creators = await get('/api/creators', admin);
    const live = creators.items.find((creator: { id: string }) => creator.id === 'u-live');
    expect(live).toMatchObject({ name: 'Cuisine de Léa', video_count: 12, is_active: true });
    const stats = await get('/api/stats/dashboard', admin);
    expect(JSON.stringify(stats)).toContain('1527');
  });

  it('serves the app exactly the videos of published, active creators, featured order kept', async () => {
    const page = await get('/api/public/videos');
    const ids = page.items.map((video: { id: string }) => video.id).sort();
    expect(ids).toEqual(['v1', 'v10', 'v11', 'v12', 'v2', 'v3', 'v4', 'v5', 'v6', 'v7', 'v8', 'v9']);
    const featured = await get('/api/public/featured-videos');
    expect(featured.items.map((video: { id: string }) => video.id)).toEqual([
      'v12',
      'v11',
      'v10',
      'v9',
      'v8',
      'v7',
      'v6',
      'v5',
      'v4',
      'v3',
    ]);
    expect(featured.items[0].hor_img_url).toMatch(/^https:\/\/firebasestorage\.googleapis\.com\//);
    // The back-office may show those images: its policy allows their origin, and only that one.
    const policy = (await t.app.inject({ method: 'GET', url: '/api/health' })).headers[
      'content-security-policy'
    ];
    const imgSrc = String(policy)
      .split(';')
      .find((directive) => directive.trim().startsWith('img-src'));
    expect(imgSrc?.trim().split(/\s+/)).toEqual([
      'img-src',
      "'self'",
      'data:',
      'blob:',
      'https://i.ytimg.com',
      'https://firebasestorage.googleapis.com',
    ]);
    const discounts = await get('/api/public/discounts');
    expect(discounts.items.map((discount: { id: string }) => discount.id)).toEqual(['d-running']);
  });

  it('lets a user sign in with their Firebase password, then again with it once it is ours', async () => {
    const before = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', 'u-live')
      .executeTakeFirstOrThrow();
    expect(before.password_hash).toBe('');
    await signIn(t, 'live@original.fr', OLD_PASSWORD);
    const after = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', 'u-live')
      .executeTakeFirstOrThrow();
    expect(after.password_hash).toMatch(/^\$argon2id\$/);
    await signIn(t, 'live@original.fr', OLD_PASSWORD);
  });

  it('refuses a wrong password with the usual answer, and a user who had no password', async () => {
    for (const [email, password] of [
      ['admin@original.fr', 'pas-le-bon-mot-de-passe'],
      ['google@original.fr', OLD_PASSWORD],
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.message).toBe('Invalid email or password.');
    }
  });

  it('refuses a second import without --merge, and --merge changes nothing', async () => {
    const snapshot = async () =>
      JSON.stringify(
        await Promise.all(
          (
            [
              'users',
              'creators',
              'videos',
              'discounts',
              'video_categories',
              'featured_videos',
              'latest_videos',
              'totals',
            ] as const
          ).map((table) => t.db.selectFrom(table).selectAll().execute()),
        ),
      );
    const before = await snapshot();
    const refused = await runCli(t, importArgs(files.firestore));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('--merge');
    const merged = await runCli(t, importArgs(files.nested, '--merge'));
    expect(merged.code).toBe(0);
    expect(merged.stdout).toContain('existe déjà');
    expect(await snapshot()).toBe(before);
  });

  it('refuses a folder that already holds data other than the first superadmin, writing nothing', async () => {
    const other = await buildTestApp();
    try {
      await makeUser(other, { superadmin: true });
      await makeUser(other, { creator: true });
      const result = await runCli(other, importArgs(files.firestore));
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('contient déjà des données');
    } finally {
      await other.close();
    }
  });
});
