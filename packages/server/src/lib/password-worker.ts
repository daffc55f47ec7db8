import { parentPort } from 'node:worker_threads';
import { hashSync, verifySync } from '@node-rs/argon2';
import { answerJobs } from './worker-pool.ts';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. argon2id is the library's default algorithm.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export type PasswordTask =
  { op: 'hash'; password: string } | { op: 'verify'; password: string; passwordHash: string };

function run(task: PasswordTask): string | boolean {
  if (task.op === 'hash') return hashSync(task.password, OPTIONS);
  try {
    return verifySync(task.passwordHash, task.password);
  } catch {
    // A malformed stored hash matches no password.
    return false;
  }
}

// The sync calls run on this thread, never on libuv's pool, which stays free for file reads and sharp.
if (parentPort) answerJobs(parentPort, run);
