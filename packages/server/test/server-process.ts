import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../../scripts/postgres-cluster.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
/**
 * The glibc malloc settings `npm start` gives the server unless they are set (package.json): four
 * arenas (docs/decisions/026-malloc-arenas.md) and blocks of 1 MiB or more always mapped apart
 * (docs/decisions/042-malloc-mmap-threshold.md). The servers the tests and the bench start get the
 * same.
 */
export const START_MALLOC_ENV = { MALLOC_ARENA_MAX: '4', MALLOC_MMAP_THRESHOLD_: '1048576' } as const;

/** START_MALLOC_ENV as a shell prefix that lets a variable already set win, as `npm start`'s does. */
export const START_MALLOC_SHELL = Object.entries(START_MALLOC_ENV)
  .map(([name, value]) => `${name}=\${${name}:-${value}}`)
  .join(' ');
/**
 * The V8 flags `npm start` gives the server (package.json; docs/decisions/025-heap-growth.md): the
 * old generation is not collected in full below 80 MB. V8 reads them only as the process starts, and
 * node refuses them in NODE_OPTIONS; the servers the tests and the bench start get the same.
 */
export const START_NODE_FLAGS = ['--initial-old-space-size=80'];
export const PROCESS_ADMIN = { email: 'admin@processus.test', password: 'admin-processus-1' };

export { freePort };

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  exited: Promise<number | null>;
}

/**
 * The real server in its own process on a DATA_DIR of the caller's, from its sources, or `built`
 * as production runs it (packages/server/build.ts, made first); `env` adds or overrides variables.
 */
export async function startServer(
  dataDir: string,
  env: NodeJS.ProcessEnv = {},
  { built = false } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  if (built) buildServer();
  const child = spawn(
    process.execPath,
    built
      ? [...START_NODE_FLAGS, path.join(repoRoot, 'packages/server/dist/server.mjs')]
      : [...START_NODE_FLAGS, '--import', 'tsx', path.join(repoRoot, 'packages/server/src/server.ts')],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ADMIN_EMAIL: PROCESS_ADMIN.email,
        ADMIN_PASSWORD: PROCESS_ADMIN.password,
        LOG_LEVEL: 'error',
        // As `npm start` runs it: a variable already set wins.
        ...Object.fromEntries(
          Object.entries(START_MALLOC_ENV).map(([name, value]) => [name, process.env[name] ?? value]),
        ),
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${base}/api/health`, child);
  return { child, base, exited };
}

/** Bundles the server as `npm start` does; a fraction of a second. */
function buildServer() {
  execFileSync(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'packages/server/build.ts')], {
    stdio: 'inherit',
  });
}

/** Waits until `url` answers 200 from `child`; stops it if it never does, and fails if it exits. */
export async function waitUntilAnswering(url: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${url} never answered`);
}

/** Signs `account` in (the process's admin by default) and answers the cookie header. */
export async function signInAs(base: string, account: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('coulisses_session='));
  return cookie!.split(';')[0]!;
}

/** Signs the process's admin in and answers the cookie header. */
export function signInAdmin(base: string): Promise<string> {
  return signInAs(base, PROCESS_ADMIN);
}
