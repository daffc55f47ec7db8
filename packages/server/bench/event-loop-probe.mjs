// Preloaded into the benchmarked server (NODE_OPTIONS=--import): it reports the event loop's delay
// and the resident memory to BENCH_PROBE_FILE every 100 ms. SIGUSR2 starts a new measurement.
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_PROBE_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let peakRss = 0;
  process.on('SIGUSR2', () => {
    delay.reset();
    peakRss = 0;
  });
  const toMs = (nanoseconds) => Number((nanoseconds / 1e6).toFixed(1));
  setInterval(() => {
    const rss = process.memoryUsage.rss();
    peakRss = Math.max(peakRss, rss);
    const report = {
      maxMs: toMs(delay.max),
      p99Ms: toMs(delay.percentile(99)),
      rssMb: Math.round(rss / 2 ** 20),
      peakRssMb: Math.round(peakRss / 2 ** 20),
    };
    fs.writeFileSync(file, JSON.stringify(report));
  }, 100).unref();
}
