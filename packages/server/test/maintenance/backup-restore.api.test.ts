import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.ts';
import { DATABASE_FILE } from '../../src/db/database.ts';
import { openStorage } from '../../src/lib/open-storage.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { createTestBucket } from '../s3-server.ts';
import { seedCreator, seedVideo } from '../public/seed.ts';
import { runCli } from './run-cli.ts';

let t: TestApp;
let scratch: string;
beforeAll(async () => {
  t = await buildTestApp();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'coulisses-backup-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** Where a restore goes: a fresh bucket on the same server when the app runs on S3, else DATA_DIR/files. */
async function emptyStorageLike({ env }: TestApp): Promise<NodeJS.ProcessEnv> {
  if (!env.S3_ENDPOINT) return {};
  return createTestBucket(env.S3_ENDPOINT, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY);
}

/** Adds a video with both its files, as the add-video operation leaves them. */
async function addVideoWithFiles(creatorId: string, title: string) {
  const id = await seedVideo(t, creatorId, title);
  const row = await t.db
    .selectFrom('videos')
    .select(['hor_img_url', 'ver_img_url'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  await t.storage.put(row.hor_img_url, Buffer.from(`horizontale ${title}`));
  await t.storage.put(row.ver_img_url, Buffer.from(`verticale ${title}`));
  return id;
}

const tables = [
  'users',
  'creators',
  'videos',
  'video_categories',
  'discounts',
  'featured_videos',
  'latest_videos',
];

/** The rows of a restored database file: restore writes an SQLite file, read here on its own. */
function rowsOfFile(file: string) {
  const db = new SQLite(file, { readonly: true });
  try {
    return Object.fromEntries(
      tables.map((table) => [table, db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all()]),
    );
  } finally {
    db.close();
  }
}

/** The rows of the running server's database, through its own handle. */
async function liveRows() {
  const entries = await Promise.all(
    tables.map(async (table) => {
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(t.db);
      return [table, rows] as const;
    }),
  );
  return Object.fromEntries(entries);
}

describe('npm run cli -- backup / restore', () => {
  it('copies the database and its files while writes go on, and restores them on a fresh DATA_DIR', async () => {
    const creator = await seedCreator(t);
    for (let i = 0; i < 20; i += 1) await addVideoWithFiles(creator.id, `Avant ${i}`);
    // A video deleted before the backup: its files sit in the trash and must not come back.
    const gone = await addVideoWithFiles(creator.id, 'Supprimée');
    const goneRow = await t.db
      .selectFrom('videos')
      .selectAll()
      .where('id', '=', gone)
      .executeTakeFirstOrThrow();
    await t.db.deleteFrom('videos').where('id', '=', gone).execute();
    await t.storage.remove(goneRow.hor_img_url);

    const backupFile = path.join(scratch, 'sauvegarde.sqlite');
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await addVideoWithFiles(creator.id, `Pendant ${written}`);
        written += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const backup = await runCli(t, ['backup', backupFile]);
    writing = false;
    await writer;
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/Sauvegarde écrite dans .+sauvegarde\.sqlite : base et \d+ fichier\(s\)\./);
    expect(written).toBeGreaterThan(0);

    const target = path.join(scratch, 'restauree');
    const restoreEnv = await emptyStorageLike(t);
    const restore = await runCli(target, ['restore', backupFile], restoreEnv);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);

    const restoredFile = path.join(target, DATABASE_FILE);
    const restored = rowsOfFile(restoredFile);
    const live = await liveRows();
    // A consistent snapshot: everything written before the backup, each row exactly as it was.
    expect(restored.videos!.length).toBeGreaterThanOrEqual(20);
    // A creator's number of videos moves with the writes that came after (migration 2026_11_26_100):
    // in the copy it counts the copied videos.
    type Row = Record<string, unknown>;
    const uncounted = (rows: unknown[]) => (rows as Row[]).map(({ video_count: _, ...row }) => row);
    for (const table of tables) {
      expect(uncounted(live[table]!)).toEqual(expect.arrayContaining(uncounted(restored[table]!)));
    }
    for (const copied of restored.creators as Row[]) {
      const videos = (restored.videos as Row[]).filter((video) => video.creator_id === copied.id);
      expect(copied.video_count).toBe(videos.length);
    }
    const check = new SQLite(restoredFile, { readonly: true });
    expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(check.prepare(`SELECT name FROM sqlite_master WHERE name = 'backup_files'`).get()).toBeUndefined();
    check.close();

    // Every file a restored row points at is there, byte for byte.
    const restoredStorage = await openStorage(loadConfig({ DATA_DIR: target, ...restoreEnv }));
    for (const video of restored.videos as { hor_img_url: string; ver_img_url: string }[]) {
      for (const key of [video.hor_img_url, video.ver_img_url]) {
        expect(await restoredStorage.read(key)).toEqual(await t.storage.read(key));
      }
    }
    expect(await restoredStorage.read(goneRow.hor_img_url)).toBeNull();

    // The restored folder starts as a working server's data.
    const login = await runCli(
      target,
      ['user', 'add', 'apres-restauration@exemple.fr', '--password', 'motdepasse1'],
      restoreEnv,
    );
    expect(login.code).toBe(0);
  }, 60_000);

  it('refuses to restore over an existing database, and refuses a file that is not a backup', async () => {
    const backupFile = path.join(scratch, 'deux.sqlite');
    expect((await runCli(t, ['backup', backupFile])).code).toBe(0);
    const over = await runCli(t, ['restore', backupFile]);
    expect(over.code).not.toBe(0);
    // SQLite: '… contient déjà une base'; PostgreSQL: '… contient déjà des données'.
    expect(over.stderr.trim()).toMatch(/contient déjà (une base|des données)/);

    const bogus = path.join(scratch, 'pas-une-sauvegarde.sqlite');
    fs.writeFileSync(bogus, 'bonjour');
    const refused = await runCli(path.join(scratch, 'vide'), ['restore', bogus]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);

    const again = await runCli(t, ['backup', backupFile]);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toMatch(/existe déjà/);
  }, 60_000);
});
