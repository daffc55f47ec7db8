import os from 'node:os';
import { MESSAGES } from '@coulisses/domain/messages';
import { TooManyRequestsError } from './errors.ts';
import { createWorkerPool } from './worker-pool.ts';
import type { PasswordTask } from './password-worker.ts';

/**
 * Hashing runs on its own threads: on libuv's four-thread pool, a burst of sign-ins would queue
 * every file read and image resize behind it. One thread per spare core, at most two.
 */
export const PASSWORD_THREADS = Math.min(2, Math.max(1, os.availableParallelism() - 1));
/** Jobs waiting beyond this are refused (429) rather than stacked up without end. */
export const MAX_QUEUED_PASSWORD_JOBS = 200;
const BUSY_RETRY_SECONDS = 5;

/**
 * A hashing thread holds about 30 MB (its own V8 and argon2's 19 MiB): one left idle this long
 * stops, and the next sign-in starts it again in a few tens of milliseconds.
 */
export const PASSWORD_IDLE_MS = 30_000;

const pool = createWorkerPool<PasswordTask, string | boolean>(
  new URL('./password-worker.ts', import.meta.url),
  PASSWORD_THREADS,
  { idleMs: PASSWORD_IDLE_MS },
);

function submit(task: PasswordTask): Promise<string | boolean> {
  if (pool.queued >= MAX_QUEUED_PASSWORD_JOBS) {
    return Promise.reject(new TooManyRequestsError(MESSAGES.tooManyAttempts, BUSY_RETRY_SECONDS));
  }
  return pool.run(task);
}

export async function hashPassword(password: string): Promise<string> {
  return (await submit({ op: 'hash', password })) as string;
}

/** False for a wrong password or a malformed hash; rejects only when the pool is saturated. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return (await submit({ op: 'verify', password, passwordHash })) as boolean;
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check, for unknown e-mails, so the answer's timing does not
 * tell whether an account exists.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('coulisses-timing-equaliser');
  await verifyPassword(await dummyHash, password);
  return false;
}
