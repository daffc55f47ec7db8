import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../server-process.ts';

/*
 * The thread SQLite writes answers on (docs/decisions/038-written-answers-off-the-loop.md) starts
 * with the server: the first page of videos after a start does not wait for it. Its connection is
 * a second one on the database file, seen from /proc before any request but the health check.
 */

/** How many times the process holds the database file itself open: one connection each. */
function connectionsTo(pid: number, file: string): number {
  const fdDir = `/proc/${pid}/fd`;
  return fs.readdirSync(fdDir).filter((fd) => {
    try {
      return fs.readlinkSync(path.join(fdDir, fd)) === file;
    } catch {
      return false;
    }
  }).length;
}

async function connectionsOnceSettled(pid: number, file: string): Promise<number> {
  // The thread opens its connection as it starts, just after the server answers its health check.
  for (let tries = 0; tries < 100 && connectionsTo(pid, file) < 2; tries += 1)
    await new Promise((resolve) => setTimeout(resolve, 50));
  return connectionsTo(pid, file);
}

describe.runIf(process.platform === 'linux')('the answer thread', () => {
  let scratch: string;
  let server: ServerProcess | undefined;
  beforeAll(() => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'coulisses-answer-thread-'));
  });
  afterAll(async () => {
    if (server) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('is started with the server, its connection open before the first request', async () => {
    server = await startServer(scratch, { DATABASE_URL: '' });
    const file = fs.realpathSync(path.join(scratch, 'coulisses.sqlite'));
    expect(await connectionsOnceSettled(server.child.pid!, file)).toBe(2);
  }, 60_000);
});
