import { afterEach, describe, expect, it } from 'vitest';
import type { PasswordTask } from '../../src/lib/password-worker.ts';
import { createWorkerPool, type WorkerPool } from '../../src/lib/worker-pool.ts';

const PASSWORD_WORKER = new URL('../../src/lib/password-worker.ts', import.meta.url);
const check: PasswordTask = { op: 'verify', password: 'un-mot-de-passe', passwordHash: 'pas-un-hash' };

describe('a worker pool with idle threads stopped', () => {
  let pool: WorkerPool<PasswordTask, string | boolean> | undefined;
  afterEach(async () => {
    await pool?.close();
  });

  it('stops a thread left without a job, and starts one again for the next job', async () => {
    pool = createWorkerPool(PASSWORD_WORKER, 1, { idleMs: 100 });
    expect(pool.running).toBe(0);
    expect(await pool.run(check)).toBe(false);
    expect(pool.running).toBe(1);
    await expect.poll(() => pool!.running, { timeout: 5_000 }).toBe(0);

    const hash = (await pool.run({ op: 'hash', password: 'un-mot-de-passe' })) as string;
    expect(await pool.run({ op: 'verify', password: 'un-mot-de-passe', passwordHash: hash })).toBe(true);
    expect(pool.running).toBe(1);
  });

  it('never stops a thread between jobs that follow each other, nor under a job', async () => {
    pool = createWorkerPool(PASSWORD_WORKER, 1, { idleMs: 1 });
    const answers = await Promise.all(Array.from({ length: 6 }, () => pool!.run(check)));
    expect(answers).toEqual(Array(6).fill(false));
    for (let turn = 0; turn < 4; turn += 1) expect(await pool.run(check)).toBe(false);
  });

  it('keeps its threads without idleMs', async () => {
    pool = createWorkerPool(PASSWORD_WORKER, 1);
    await pool.run(check);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pool.running).toBe(1);
  });
});
