import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, START_MALLOC_ARENA_MAX, startServer, type ServerProcess } from '../server-process.ts';

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

/** What MALLOC_ARENA_MAX the server gets from a start script's last command, run by the shell as npm does. */
function arenasGivenBy(script: string, callerValue: string | undefined): string {
  const launch = script.split('&&').at(-1)?.trim() ?? '';
  expect(launch).toMatch(/node \S*dist\/server\.mjs$/);
  const env = { ...process.env };
  delete env.MALLOC_ARENA_MAX;
  if (callerValue !== undefined) env.MALLOC_ARENA_MAX = callerValue;
  const printArenas = launch.replace(/node \S*dist\/server\.mjs$/, 'node -p process.env.MALLOC_ARENA_MAX');
  return execFileSync('sh', ['-c', printArenas], { env, encoding: 'utf8' }).trim();
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
    expect(server.child.spawnargs.slice(1)).toEqual([built]);
  });

  it('gets the malloc arenas of docs/decisions/026-malloc-arenas.md, or the ones it is given', () => {
    for (const script of startScripts()) {
      expect(arenasGivenBy(script, undefined)).toBe(START_MALLOC_ARENA_MAX);
      expect(arenasGivenBy(script, '2')).toBe('2');
    }
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
