import { parentPort } from 'node:worker_threads';
import { hashSync, verifySync } from '@node-rs/argon2';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. argon2id is the library's default algorithm.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export type PasswordTask =
  { op: 'hash'; password: string } | { op: 'verify'; password: string; passwordHash: string };

export type PasswordJob = PasswordTask & { id: number };

export type PasswordResult = { id: number; value: string | boolean } | { id: number; error: string };

function run(job: PasswordJob): string | boolean {
  if (job.op === 'hash') return hashSync(job.password, OPTIONS);
  try {
    return verifySync(job.passwordHash, job.password);
  } catch {
    // A malformed stored hash matches no password.
    return false;
  }
}

// The sync calls run on this thread, never on libuv's pool, which stays free for file reads and sharp.
parentPort?.on('message', (job: PasswordJob) => {
  let result: PasswordResult;
  try {
    result = { id: job.id, value: run(job) };
  } catch (error) {
    result = { id: job.id, error: (error as Error).message };
  }
  parentPort?.postMessage(result);
});
