import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { PROCESS_ADMIN } from '../test/server-process.ts';
import type { Row } from './results.ts';
import { ms, summarise } from './stats.ts';
import { startBenchServer } from './servers.ts';

const SIGN_INS = 50;
const READERS = 4;
const IMAGES = 20;

/**
 * Image reads of the real server (its own process) alone, then while 50 sign-ins run at once.
 * With hashing on libuv's pool the reads waited for the whole burst; on its own threads they
 * should not. Prints numbers only.
 */
export async function benchSignInBurst(): Promise<{ rows: Row[]; note: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coulisses-burst-'));
  const imageDir = path.join(dataDir, 'files', 'bench');
  fs.mkdirSync(imageDir, { recursive: true });
  for (let i = 0; i < IMAGES; i += 1) {
    await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#4b2bb3' } })
      .jpeg()
      .toFile(path.join(imageDir, `image-${i}.jpg`));
  }
  // The burst measures hashing, not the per-address limit that would answer most of it with 429.
  process.env.SIGN_IN_RATE_LIMIT = '100000';
  const server = await startBenchServer(dataDir);

  async function readImages(until: () => boolean, minimum: number) {
    const durations: number[] = [];
    const failures: number[] = [];
    async function reader(index: number) {
      for (let turn = index; !until() || durations.length < minimum; turn += READERS) {
        const started = performance.now();
        const response = await fetch(`${server.base}/files/bench/image-${turn % IMAGES}.jpg`);
        await response.arrayBuffer();
        if (!response.ok) failures.push(response.status);
        durations.push(performance.now() - started);
      }
    }
    await Promise.all(Array.from({ length: READERS }, (_, i) => reader(i)));
    return { durations, failures };
  }

  // Warm up: the first sign-in starts the hashing threads, the first reads open the files.
  await fetch(`${server.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(PROCESS_ADMIN),
  });
  await readImages(() => true, IMAGES);

  const quiet = await readImages(() => true, 200);

  let burstDone = false;
  const burstStarted = performance.now();
  const burst = Promise.all(
    Array.from({ length: SIGN_INS }, () =>
      fetch(`${server.base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(PROCESS_ADMIN),
      }).then((response) => response.status),
    ),
  ).then((statuses) => {
    burstDone = true;
    return { statuses, elapsed: performance.now() - burstStarted };
  });
  const during = await readImages(() => burstDone, 1);
  const { statuses, elapsed } = await burst;

  const rows = [
    ['sans rafale', quiet],
    [`pendant ${SIGN_INS} connexions`, during],
  ] as const;
  const table = rows.map(([label, { durations, failures }]) => {
    const summary = summarise(durations);
    return {
      lectures: label,
      requêtes: summary.count,
      médiane: ms(summary.p50),
      p99: ms(summary.p99),
      erreurs: failures.length,
    };
  });
  const accepted = statuses.filter((status) => status === 200).length;

  server.child.kill('SIGTERM');
  await server.exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { rows: table, note: `Rafale : ${accepted}/${SIGN_INS} connexions acceptées en ${ms(elapsed)}.` };
}
