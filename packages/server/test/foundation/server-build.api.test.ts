import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signInAdmin,
  START_MALLOC_ENV,
  START_NODE_FLAGS,
  startServer,
  type ServerProcess,
} from '../server-process.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/** The start scripts that launch the built server: the project's (`npm start`) and the server package's. */
function startScripts(): string[] {
  return ['package.json', 'packages/server/package.json'].map((file) => {
    const { scripts } = JSON.parse(fs.readFileSync(path.join(repoRoot, file), 'utf8')) as {
      scripts: { start: string };
    };
    return scripts.start;
  });
}

/** A start script's last command: node, its flags, then the built server. */
const LAUNCH = /node ((?:--\S+ )*)\S*dist\/server\.mjs$/;

type MallocEnv = Partial<Record<keyof typeof START_MALLOC_ENV, string>>;

/** What a start script's last command gives the server, run by the shell as npm does. */
function launchOf(script: string, callerEnv: MallocEnv): { malloc: MallocEnv; nodeFlags: string[] } {
  const launch = script.split('&&').at(-1)?.trim() ?? '';
  expect(launch).toMatch(LAUNCH);
  const env = { ...process.env };
  for (const name of Object.keys(START_MALLOC_ENV)) delete env[name];
  Object.assign(env, callerEnv);
  const names = JSON.stringify(Object.keys(START_MALLOC_ENV)).replaceAll('"', "'");
  const printLaunch = launch.replace(
    LAUNCH,
    `node $1 -p "JSON.stringify({ malloc: Object.fromEntries(${names}.map((name) => [name, process.env[name]])), nodeFlags: process.execArgv.slice(0, process.execArgv.indexOf('-p')) })"`,
  );
  return JSON.parse(execFileSync('sh', ['-c', printLaunch], { env, encoding: 'utf8' })) as {
    malloc: MallocEnv;
    nodeFlags: string[];
  };
}

let dataDir: string;
let server: ServerProcess;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coulisses-build-'));
  server = await startServer(dataDir, { SQLITE_READ_THREADS: '2' }, { built: true });
});
afterAll(async () => {
  server.child.kill('SIGTERM');
  await server.exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the server as `npm start` runs it (packages/server/build.ts)', () => {
  it('is plain JavaScript: no TypeScript loader in the process', () => {
    const built = path.resolve(import.meta.dirname, '../../dist/server.mjs');
    expect(server.child.spawnargs.slice(1)).toEqual([...START_NODE_FLAGS, built]);
  });

  it('gets the malloc settings of docs/decisions/026-malloc-arenas.md and 042, or the ones it is given', () => {
    const given = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '65536' };
    for (const script of startScripts()) {
      expect(launchOf(script, {}).malloc).toEqual(START_MALLOC_ENV);
      expect(launchOf(script, given).malloc).toEqual(given);
      expect(launchOf(script, { MALLOC_ARENA_MAX: '8' }).malloc).toEqual({
        ...START_MALLOC_ENV,
        MALLOC_ARENA_MAX: '8',
      });
    }
  });

  it("gets the heap's floor of docs/decisions/025-heap-growth.md, as the tests' and the bench's servers do", () => {
    for (const script of startScripts()) expect(launchOf(script, {}).nodeFlags).toEqual(START_NODE_FLAGS);
  });

  it('hashes passwords and reads on its bundled worker threads', async () => {
    const cookie = await signInAdmin(server.base);
    const added = await fetch(`${server.base}/api/video-categories`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', origin: server.base },
      body: JSON.stringify({ name: 'Voyages' }),
    });
    expect(added.status, await added.clone().text()).toBe(201);
    const list = await fetch(`${server.base}/api/video-categories`, { headers: { cookie } });
    expect(((await list.json()) as { name: string }[]).map(({ name }) => name)).toEqual(['Voyages']);
  });
});
