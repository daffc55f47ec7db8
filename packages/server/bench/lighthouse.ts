import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import sharp from 'sharp';
import { DATABASE_FILE } from '../src/db/database.ts';
import { PROCESS_ADMIN, signInAdmin } from '../test/server-process.ts';
import { CHROMIUM_PATH, OFFLINE_FLAGS } from '../test/chromium.ts';
import { seedCreatorsAndCategories, seedVideos } from './seed-videos.ts';
import { startBenchServer } from './servers.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
export const VIDEOS = 1000;
const CHROME_FLAGS = [
  '--headless=new',
  ...OFFLINE_FLAGS,
  // YouTube's thumbnails are out of reach here: each card falls back to its stored image, as it
  // does when YouTube does not answer. (Blocking them through DevTools instead, as Lighthouse's
  // blockedUrlPatterns does, makes Chromium fetch every lazy image at once.)
  '--host-resolver-rules=MAP i.ytimg.com ~NOTFOUND',
];

const ALL_PAGES = [
  { path: '/', name: 'landing', signedIn: false },
  { path: '/login', name: 'login', signedIn: false },
  { path: '/videos', name: 'videos', signedIn: true },
];
/** LIGHTHOUSE_PAGES=/videos (comma-separated) audits those pages only, when trying out a change. */
const ONLY_PAGES = process.env.LIGHTHOUSE_PAGES?.split(',');
const PAGES = ONLY_PAGES ? ALL_PAGES.filter((page) => ONLY_PAGES.includes(page.path)) : ALL_PAGES;
/** Where to keep each page's full report (JSON, for the Lighthouse viewer), when set. */
const REPORTS_DIR = process.env.LIGHTHOUSE_REPORTS;
/** Runs per page: one run swings by several points on a shared machine, the median one is kept. */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

/** The build the server serves; made first when there is none or it is older than its sources. */
export function ensureWebBuild() {
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-if-stale.ts'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
}

/**
 * The signed-in admin's 1,000 videos, each with a stored 900x600 image as an upload leaves it:
 * the rows straight in the database, the files hard links to one picture.
 */
export async function seedAdminVideos(dataDir: string) {
  const databaseFile = path.join(dataDir, DATABASE_FILE);
  const sqlite = new SQLite(databaseFile);
  const admin = sqlite.prepare('SELECT id FROM users WHERE email = ?').get(PROCESS_ADMIN.email) as {
    id: string;
  };
  sqlite.close();
  const { categoryIds } = seedCreatorsAndCategories(databaseFile, 0, 4);
  seedVideos(databaseFile, VIDEOS, [admin.id], categoryIds);

  const picture = path.join(dataDir, 'picture.jpg');
  await sharp({ create: { width: 900, height: 600, channels: 3, background: '#4b2bb3' } })
    .composite([
      {
        input: {
          create: {
            width: 900,
            height: 600,
            channels: 3,
            background: '#000',
            noise: { type: 'gaussian', mean: 128, sigma: 24 },
          },
        },
        blend: 'soft-light',
      },
    ])
    .jpeg({ quality: 85, mozjpeg: true })
    .toFile(picture);
  const db = new SQLite(databaseFile);
  // One YouTube video each, as in life: cards sharing one thumbnail address would all fetch it at
  // once, lazy loading or not.
  db.prepare("UPDATE videos SET video_url = 'https://www.youtube.com/watch?v=' || substr(id, 1, 11)").run();
  const keys = db.prepare('SELECT hor_img_url AS key FROM videos').all() as { key: string }[];
  db.close();
  for (const { key } of keys) {
    const file = path.join(dataDir, 'files', key);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.linkSync(picture, file);
  }
}

interface Row {
  page: string;
  performance: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  accessibility: number;
  bestPractices: number;
}

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

/** One Lighthouse run on `url`; `cookie` signs it in. */
async function audit(url: string, port: number, cookie: string | undefined) {
  // A run now and then fails to record its trace (NO_NAVSTART and the like): it is run again.
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(
      url,
      {
        port,
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        // Lighthouse clears the origin's storage, cookies included, before loading the page.
        extraHeaders: cookie ? { cookie } : undefined,
      },
      {
        extends: 'lighthouse:default',
        // The unreachable thumbnails (see CHROME_FLAGS) are this machine's errors, not the app's.
        audits: [{ path: 'errors-in-console', options: { ignoredPatterns: ['ERR_NAME_NOT_RESOLVED'] } }],
      },
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!result.lhr.runtimeError || attempt === 3) return result.lhr;
  }
}

/**
 * The built server on a throwaway folder holding the admin's 1,000 videos, restarted after the
 * seeding so it reads them like any other, and the admin's session cookie.
 */
export async function startSeededServer(prefix: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const seeding = await startBenchServer(dataDir);
  try {
    await seedAdminVideos(dataDir);
  } finally {
    seeding.child.kill('SIGTERM');
    await seeding.exited;
  }
  const server = await startBenchServer(dataDir);
  return { dataDir, server, cookie: await signInAdmin(server.base) };
}

/**
 * Lighthouse (mobile: its default emulated phone and throttling) on the built web app served by
 * the real server, on a throwaway DATA_DIR: `/` and `/login` signed out, `/videos` signed in with
 * 1,000 videos; of LIGHTHOUSE_RUNS runs per page (3), the median one by performance. Returns the
 * figures as a markdown section, and prints it. LIGHTHOUSE_REPORTS=dir also keeps each page's full
 * report there.
 */
export async function benchLighthouse(): Promise<string> {
  ensureWebBuild();
  const { dataDir, server, cookie } = await startSeededServer('coulisses-lighthouse-');
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
  });
  const rows: Row[] = [];
  const benchmarkIndexes: number[] = [];
  let lighthouseVersion = '';
  try {
    for (const page of PAGES) {
      const runs = [];
      for (let run = 0; run < RUNS; run += 1) {
        runs.push(await audit(`${server.base}${page.path}`, chrome.port, page.signedIn ? cookie : undefined));
      }
      runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
      const lhr = runs[Math.floor(runs.length / 2)]!;
      benchmarkIndexes.push(lhr.environment.benchmarkIndex);
      lighthouseVersion = lhr.lighthouseVersion;
      if (REPORTS_DIR) {
        fs.mkdirSync(REPORTS_DIR, { recursive: true });
        fs.writeFileSync(path.join(REPORTS_DIR, `lighthouse-${page.name}.json`), JSON.stringify(lhr));
      }
      const { categories, audits } = lhr;
      rows.push({
        page: page.path,
        performance: score(categories.performance?.score),
        lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
        cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
        tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
        accessibility: score(categories.accessibility?.score),
        bestPractices: score(categories['best-practices']?.score),
      });
    }
  } finally {
    chrome.kill();
    server.child.kill('SIGTERM');
    await server.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const markdown = [
    '## Lighthouse (mobile)',
    '',
    `Lighthouse ${lighthouseVersion} defaults (emulated phone, simulated slow 4G, 4x CPU slowdown), median of ${RUNS} runs per page; this machine's benchmark index: ${benchmarkIndexes.map(Math.round).join(', ')}.`,
    '',
    '| Page | Performance | LCP | CLS | TBT | Accessibility | Best practices |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (row) =>
        `| \`${row.page}\` | ${row.performance} | ${(row.lcpMs / 1000).toFixed(1)} s | ${row.cls.toFixed(3)} | ${Math.round(row.tbtMs)} ms | ${row.accessibility} | ${row.bestPractices} |`,
    ),
  ].join('\n');
  console.log(markdown);
  return markdown;
}
