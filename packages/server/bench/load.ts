import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import SQLite from 'better-sqlite3';
import { DATABASE_FILE } from '../src/db/database.ts';
import { signInAdmin, startServer } from '../test/server-process.ts';
import { seedCreatorsAndCategories, seedVideos } from './seed-videos.ts';
import { ms, summarise } from './stats.ts';

const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 100);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 30);

/**
 * 100 clients for 30 s on the list, search and dashboard operations of the real server (its own
 * process, loopback only) while one writer adds videos with real images. Passes when no request
 * failed and every acknowledged write is in the database.
 */
export async function runLoad(): Promise<boolean> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coulisses-load-'));
  let server = await startServer(dataDir);
  const databaseFile = path.join(dataDir, DATABASE_FILE);
  const { creatorIds, categoryIds } = seedCreatorsAndCategories(databaseFile, 20, 8);
  seedVideos(databaseFile, 5000, creatorIds, categoryIds);
  const direct = new SQLite(databaseFile);
  direct.prepare('UPDATE creators SET is_live = 1').run();
  direct.close();
  // Restart so the server reads the seeded world like any other.
  server.child.kill('SIGTERM');
  await server.exited;
  server = await startServer(dataDir);
  const cookie = await signInAdmin(server.base);

  const targets = [
    ['/api/videos', true],
    ['/api/videos?q=velo', true],
    ['/api/videos/mine', true],
    ['/api/stats/dashboard', true],
    ['/api/public/videos', false],
    [`/api/public/videos?category=${categoryIds[2]}`, false],
    ['/api/public/latest-videos', false],
  ] as const;
  const durations = new Map<string, number[]>(targets.map(([url]) => [url, []]));
  const failures: string[] = [];
  const deadline = Date.now() + SECONDS * 1000;

  async function client(index: number) {
    let turn = index;
    while (Date.now() < deadline) {
      const [url, signedIn] = targets[turn % targets.length]!;
      turn += 1;
      const started = performance.now();
      try {
        const response = await fetch(`${server.base}${url}`, { headers: signedIn ? { cookie } : {} });
        await response.arrayBuffer();
        if (!response.ok) failures.push(`${url}: ${response.status}`);
      } catch (error) {
        failures.push(`${url}: ${(error as Error).message}`);
      }
      durations.get(url)!.push(performance.now() - started);
    }
  }

  const [horizontal, vertical] = await Promise.all([
    sharp({ create: { width: 1200, height: 800, channels: 3, background: '#4b2bb3' } })
      .jpeg()
      .toBuffer(),
    sharp({ create: { width: 800, height: 1200, channels: 3, background: '#1c6b3a' } })
      .jpeg()
      .toBuffer(),
  ]);
  const acknowledged: string[] = [];
  async function writer() {
    let n = 0;
    while (Date.now() < deadline) {
      const form = new FormData();
      form.append('title', `Écrite pendant la charge ${n++}`);
      form.append('link', 'https://youtu.be/dQw4w9WgXcQ');
      form.append('categories', categoryIds[0]!);
      form.append('horizontal', new Blob([new Uint8Array(horizontal)]), 'h.jpg');
      form.append('vertical', new Blob([new Uint8Array(vertical)]), 'v.jpg');
      try {
        const response = await fetch(`${server.base}/api/videos`, {
          method: 'POST',
          headers: { cookie },
          body: form,
        });
        const body = (await response.json()) as { id?: string };
        if (response.status === 201 && body.id) acknowledged.push(body.id);
        else failures.push(`POST /api/videos: ${response.status}`);
      } catch (error) {
        failures.push(`POST /api/videos: ${(error as Error).message}`);
      }
    }
  }

  const started = performance.now();
  await Promise.all([...Array.from({ length: CLIENTS }, (_, i) => client(i)), writer()]);
  const elapsed = (performance.now() - started) / 1000;

  const check = new SQLite(databaseFile, { readonly: true });
  const stored = new Set(
    (check.prepare('SELECT id FROM videos').all() as { id: string }[]).map((row) => row.id),
  );
  check.close();
  const lost = acknowledged.filter((id) => !stored.has(id));

  const total = [...durations.values()].reduce((sum, list) => sum + list.length, 0);
  console.table(
    targets.map(([url]) => {
      const summary = summarise(durations.get(url)!);
      return {
        opération: `GET ${url.split('?')[0]}${url.includes('?') ? '?…' : ''}`,
        requêtes: summary.count,
        médiane: ms(summary.p50),
        p99: ms(summary.p99),
      };
    }),
  );
  console.log(
    `${CLIENTS} clients, ${elapsed.toFixed(0)} s : ${total} lectures (${Math.round(total / elapsed)}/s), ` +
      `${acknowledged.length} vidéos ajoutées, ${failures.length} erreur(s), ${lost.length} écriture(s) perdue(s).`,
  );
  if (failures.length > 0) console.log(`Premières erreurs : ${failures.slice(0, 5).join(' | ')}`);

  server.child.kill('SIGTERM');
  await server.exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
  return failures.length === 0 && lost.length === 0;
}
