import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config/env.ts';
import { DATABASE_FILE, openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { diskStorage } from '../src/lib/disk-storage.ts';
import { buildApp } from '../src/app.ts';
import { createAccount } from '../src/modules/creators/creators.service.ts';
import { seedCreatorsAndCategories, seedVideos } from './seed-videos.ts';
import { ms, summarise } from './stats.ts';

/**
 * How the list and search operations hold up at 100,000 videos: each operation is called many
 * times in-process and its latency reported. Numbers, not assertions: these machines are shared.
 */
export async function benchListsAtScale(videoCount = Number(process.env.BENCH_VIDEOS ?? 100_000)) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coulisses-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const database = openDatabase(config);
  await migrateToLatest(database.db);
  const { creatorIds, categoryIds } = seedCreatorsAndCategories(path.join(dataDir, DATABASE_FILE), 50, 12);
  const seededAt = performance.now();
  seedVideos(path.join(dataDir, DATABASE_FILE), videoCount, creatorIds, categoryIds);
  console.log(`${videoCount} vidéos insérées en ${ms(performance.now() - seededAt)}`);

  const context = {
    config,
    db: database.db,
    storage: diskStorage(path.join(dataDir, 'files')),
  };
  const app = await buildApp(context);
  await app.ready();
  await createAccount(context, {
    email: 'bench-admin@exemple.fr',
    password: 'motdepasse-bench',
    superadmin: true,
    creator: true,
  });
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'bench-admin@exemple.fr', password: 'motdepasse-bench' },
  });
  const cookie = `coulisses_session=${login.cookies[0]!.value}`;

  const middle = (await app.inject({ url: '/api/public/videos' })).json<{ nextCursor: string }>();
  let deepCursor = middle.nextCursor;
  for (let i = 0; i < 200; i += 1) {
    deepCursor = (await app.inject({ url: `/api/public/videos?after=${deepCursor}` })).json<{
      nextCursor: string;
    }>().nextCursor;
  }

  const cases: [string, string, Record<string, string>][] = [
    ['app: first page of videos', '/api/public/videos', {}],
    ['app: page 200 of videos (cursor)', `/api/public/videos?after=${deepCursor}`, {}],
    ['app: videos of one category', `/api/public/videos?category=${categoryIds[3]}`, {}],
    ['app: videos of one creator', `/api/public/videos?creator=${creatorIds[7]}`, {}],
    ['back-office: all videos, first page', '/api/videos', { cookie }],
    ['back-office: search "velo" (accents ignored)', '/api/videos?q=velo', { cookie }],
    ['back-office: search with no match', '/api/videos?q=zzzz', { cookie }],
    ['back-office: dashboard stats', '/api/stats/dashboard', { cookie }],
  ];
  const rows = [];
  for (const [label, url, headers] of cases) {
    const durations: number[] = [];
    for (let i = 0; i < 60; i += 1) {
      const started = performance.now();
      const response = await app.inject({ url, headers });
      if (response.statusCode !== 200) throw new Error(`${label}: ${response.statusCode} ${response.body}`);
      durations.push(performance.now() - started);
    }
    const summary = summarise(durations.slice(10));
    rows.push({ opération: label, médiane: ms(summary.p50), p95: ms(summary.p95) });
  }
  console.table(rows);
  console.log(`Mémoire résidente : ${Math.round(process.memoryUsage().rss / 1024 / 1024)} Mo`);
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
