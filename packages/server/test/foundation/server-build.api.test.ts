import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, startServer, type ServerProcess } from '../server-process.ts';

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
