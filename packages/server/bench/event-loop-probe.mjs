// Preloaded into the benchmarked server (NODE_OPTIONS=--import): it reports the event loop's delay
// and the resident memory to BENCH_PROBE_FILE every 100 ms. SIGUSR2 starts a new measurement. The
// server's worker threads load it too; only the main thread's loop is measured and reported.
import fs from 'node:fs';
import { Session } from 'node:inspector';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const file = isMainThread ? process.env.BENCH_PROBE_FILE : undefined;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let peakRss = 0;
  // The V8 heap when resident memory peaked: what the rest (libvips, zlib, malloc) leaves to it.
  let heapAtPeak = 0;
  process.on('SIGUSR2', () => {
    delay.reset();
    peakRss = 0;
    heapAtPeak = 0;
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
    };
    // Written aside then renamed: the bench reads the file at any moment, and must never find it
    // truncated and not yet written.
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
