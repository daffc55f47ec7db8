import os from 'node:os';
import { imageJobs, normaliseImage } from '../src/lib/images.ts';
import { photo } from './photo.ts';
import type { Row } from './results.ts';
import { ms, summarise } from './stats.ts';

const RUNS = 10;
const AT_ONCE = 12;

/**
 * A 12-megapixel photo (4000 × 3000) to both sizes, one at a time; then twelve at once, to show
 * the job queue holding them to the core count while the event loop stays free.
 */
export async function benchImages(): Promise<Row[]> {
  const original = await photo(4000, 3000);
  const both = () =>
    Promise.all([normaliseImage(original, 'horizontal', 'h'), normaliseImage(original, 'vertical', 'v')]);
  await both();
  const durations: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    await both();
    durations.push(performance.now() - started);
  }
  const single = summarise(durations);

  let mostRunning = 0;
  let longestTick = 0;
  let last = performance.now();
  const watch = setInterval(() => {
    const now = performance.now();
    longestTick = Math.max(longestTick, now - last - 5);
    last = now;
    mostRunning = Math.max(mostRunning, imageJobs.load.running);
  }, 5);
  const started = performance.now();
  await Promise.all(Array.from({ length: AT_ONCE }, () => both()));
  const together = performance.now() - started;
  clearInterval(watch);

  return [
    {
      mesure: 'photo de 12 Mpx vers les deux tailles',
      p50: ms(single.p50),
      p99: ms(single.p99),
      cible: '< 400 ms',
    },
    {
      mesure: `${AT_ONCE} photos à la fois (${AT_ONCE * 2} travaux)`,
      p50: `${ms(together)} au total`,
      p99: `${mostRunning} travaux au plus en même temps (${os.availableParallelism()} cœurs), boucle bloquée ${ms(longestTick)} au plus`,
      cible: 'travaux ≤ cœurs, boucle < 50 ms',
    },
  ];
}
