import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_LOG_LEVEL } from '../src/config/env.ts';
import { freePort, startServer, waitUntilAnswering, type ServerProcess } from '../test/server-process.ts';

/** Linux's files in memory. */
const MEMORY_FILES = '/dev/shm';

export interface ProbeReport {
  maxMs: number;
  p99Ms: number;
  rssMb: number;
  peakRssMb: number;
  /** The V8 heap (heapTotal) at that peak. */
  heapAtPeakMb: number;
  /** The longest gap between two of the main thread's 5 ms ticks: 5 ms and a delay (bench/event-loop-probe.mjs). */
  worstTickGapMs?: number;
  /** Of that gap, the time the thread waited for a core… */
  waitedAtWorstMs?: number;
  /** …the time it ran… */
  ranAtWorstMs?: number;
  /** …and the most the host took from one core meanwhile, to 10 ms; the rest it slept (a lock, the disk). */
  stolenAtWorstMs?: number;
  /** The longest the main thread ran without coming back to its timers. */
  longestRunMs?: number;
}

export interface ProbedServer extends ServerProcess {
  /** The event loop and memory figures since the last `resetProbe`. */
  probe(): ProbeReport;
  resetProbe(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The real server as `npm start` runs it, in its own process: built, at its default log level, its
 * lines to /dev/null (docs/decisions/048-one-log-line-per-request.md); `env` adds or overrides.
 */
export function startBenchServer(dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  return startServer(dataDir, { LOG_LEVEL: DEFAULT_LOG_LEVEL, ...env }, { built: true });
}

/** The real server as production runs it, in its own process, with bench/event-loop-probe.mjs preloaded. */
export async function startProbedServer(dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<ProbedServer> {
  // In memory where the system allows: see bench/event-loop-probe.mjs.
  const probeDir = fs.existsSync(MEMORY_FILES)
    ? fs.mkdtempSync(path.join(MEMORY_FILES, 'coulisses-probe-'))
    : dataDir;
  const probeFile = path.join(probeDir, 'probe.json');
  const probeModule = pathToFileURL(path.join(import.meta.dirname, 'event-loop-probe.mjs')).href;
  const removeProbeDir = () => {
    if (probeDir !== dataDir) fs.rmSync(probeDir, { recursive: true, force: true });
  };
  const server = await startBenchServer(dataDir, {
    NODE_OPTIONS: `--import ${probeModule}`,
    BENCH_PROBE_FILE: probeFile,
    ...env,
  }).catch((error: unknown) => {
    removeProbeDir();
    throw error;
  });
  const probe = () => JSON.parse(fs.readFileSync(probeFile, 'utf8')) as ProbeReport;
  return {
    ...server,
    probe,
    async resetProbe() {
      server.child.kill('SIGUSR2');
      // The next report is the first of the new measurement.
      await new Promise((resolve) => setTimeout(resolve, 250));
    },
    async stop() {
      server.child.kill('SIGTERM');
      await server.exited;
      removeProbeDir();
    },
  };
}

/** bench/floor-server.ts in its own process, answering `bodies` (URL path to body). */
export async function startFloorServer(workDir: string, bodies: Record<string, string>) {
  const bodiesFile = path.join(workDir, 'floor-bodies.json');
  fs.writeFileSync(bodiesFile, JSON.stringify(bodies));
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'floor-server.ts')],
    {
      env: { ...process.env, PORT: String(port), FLOOR_BODIES: bodiesFile },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${base}${Object.keys(bodies)[0]!}`, child);
  return {
    base,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
