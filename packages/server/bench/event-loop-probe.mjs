// Preloaded into the benchmarked server (NODE_OPTIONS=--import): it reports the event loop's delay
// and the resident memory to BENCH_PROBE_FILE every 100 ms. SIGUSR2 starts a new measurement. The
// server's worker threads load it too; only the main thread's loop is measured and reported.
//
// The delay says how late the loop came back to its timers, not why. On a machine shared with the
// bench's clients, the main thread is late as often because it waits for a core as because it runs:
// a tick every TICK_MS reads the thread's time on a core and in the kernel's queue
// (/proc/…/schedstat, in nanoseconds), so the report gives the longest gap between two ticks, how
// long of it the thread waited for a core and how long it ran, how long the host took a core (a
// virtual machine's steal), and the longest the loop ran without coming back to its timers. The
// gap is reported with its own figures: monitorEventLoopDelay samples the loop by itself, and its
// worst delay need not be the same moment.
import fs from 'node:fs';
import { Session } from 'node:inspector';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const TICK_MS = 5;

const file = isMainThread ? process.env.BENCH_PROBE_FILE : undefined;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let peakRss = 0;
  // The V8 heap when resident memory peaked: what the rest (libvips, zlib, malloc) leaves to it.
  let heapAtPeak = 0;
  const ticks = schedulerTicks();
  process.on('SIGUSR2', () => {
    delay.reset();
    peakRss = 0;
    heapAtPeak = 0;
    ticks?.reset();
  });
  const toMs = (nanoseconds) => Number((nanoseconds / 1e6).toFixed(1));
  setInterval(() => {
    const rss = process.memoryUsage.rss();
    if (rss > peakRss) {
      peakRss = rss;
      heapAtPeak = process.memoryUsage().heapTotal;
    }
    const report = {
      maxMs: toMs(delay.max),
      p99Ms: toMs(delay.percentile(99)),
      rssMb: Math.round(rss / 2 ** 20),
      peakRssMb: Math.round(peakRss / 2 ** 20),
      heapAtPeakMb: Math.round(heapAtPeak / 2 ** 20),
      ...ticks?.report(),
    };
    // Written aside then renamed: the bench reads the file at any moment, and must never find it
    // truncated and not yet written. The file is in memory where the system has /dev/shm
    // (bench/servers.ts): on ext4 a rename over a file waits for the disk to take its data, and
    // under the load run's image writes that held the loop up to 7 ms at a time, counted as the
    // server's.
    fs.writeFileSync(`${file}.next`, JSON.stringify(report));
    fs.renameSync(`${file}.next`, file);
  }, 100).unref();
}

// BENCH_CPU_PROFILE=file.cpuprofile records where the server's main thread spends its time, from
// start to exit, for Chromium's DevTools (the bench sets NODE_OPTIONS itself, so --cpu-prof cannot
// come through it). A session on the main thread answers synchronously, as an exit handler needs.
const profileFile = isMainThread ? process.env.BENCH_CPU_PROFILE : undefined;
if (profileFile) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.start');
  process.once('exit', () => {
    session.post('Profiler.stop', (error, result) => {
      if (!error) fs.writeFileSync(profileFile, JSON.stringify(result.profile));
    });
  });
}

/**
 * The main thread's longest gap between two ticks (TICK_MS and the second tick's delay), how long
 * of it the thread waited in the queue for a core, how long it ran, and the most the host took from one of the virtual machine's cores
 * meanwhile (/proc/stat's steal, in hundredths of a second: to 10 ms); and the longest the thread
 * ran between two ticks. Undefined where the kernel keeps no schedstat. What none of them explains,
 * the thread slept: a lock or the disk.
 */
function schedulerTicks() {
  const statFile = `/proc/self/task/${process.pid}/schedstat`;
  if (!fs.existsSync(statFile)) return undefined;
  const read = () => fs.readFileSync(statFile, 'utf8').split(' ').map(Number);
  const none = { gapMs: 0, waitedMs: 0, ranMs: 0, stolenMs: 0 };
  let worst = none;
  let longestRunMs = 0;
  let last = performance.now();
  let [ranBefore, waitedBefore] = read();
  let stolenBefore = stolenPerCore();
  setInterval(() => {
    const now = performance.now();
    const [ran, waited] = read();
    const stolen = stolenPerCore();
    const ranMs = (ran - ranBefore) / 1e6;
    const gapMs = now - last;
    if (gapMs > worst.gapMs) {
      const stolenMs =
        10 * Math.max(0, ...stolen.map((ticks, core) => ticks - (stolenBefore[core] ?? ticks)));
      worst = { gapMs, waitedMs: (waited - waitedBefore) / 1e6, ranMs, stolenMs };
    }
    longestRunMs = Math.max(longestRunMs, ranMs);
    last = now;
    ranBefore = ran;
    waitedBefore = waited;
    stolenBefore = stolen;
  }, TICK_MS).unref();
  const round = (value) => Number(value.toFixed(1));
  return {
    reset() {
      worst = none;
      longestRunMs = 0;
    },
    report: () => ({
      worstTickGapMs: round(worst.gapMs),
      waitedAtWorstMs: round(worst.waitedMs),
      ranAtWorstMs: round(worst.ranMs),
      stolenAtWorstMs: worst.stolenMs,
      longestRunMs: round(longestRunMs),
    }),
  };
}

/** Each core's time taken by the host, in hundredths of a second (the 8th figure of its line). */
function stolenPerCore() {
  return fs
    .readFileSync('/proc/stat', 'utf8')
    .split('\n')
    .filter((line) => /^cpu\d/.test(line))
    .map((line) => Number(line.split(/\s+/)[8] ?? 0));
}
