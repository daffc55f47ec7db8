import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { MESSAGES } from '@coulisses/domain/messages';
import { TooManyRequestsError } from './errors.ts';
import type { PasswordJob, PasswordResult, PasswordTask } from './password-worker.ts';

/**
 * Hashing runs on its own threads: on libuv's four-thread pool, a burst of sign-ins would queue
 * every file read and image resize behind it. One thread per spare core, at most two.
 */
export const PASSWORD_THREADS = Math.min(2, Math.max(1, os.availableParallelism() - 1));
/** Jobs waiting beyond this are refused (429) rather than stacked up without end. */
export const MAX_QUEUED_PASSWORD_JOBS = 200;
const BUSY_RETRY_SECONDS = 5;

type Pending = { resolve(value: string | boolean): void; reject(error: Error): void };

interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
}

const threads: (Thread | undefined)[] = [];
let queued = 0;
let nextId = 0;

// The worker is TypeScript, loaded through tsx's API whatever started this process (the server,
// vitest, the CLI): on Node 20 a worker does not get the loader of `--import tsx`.
const WORKER_BOOT = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ tsImport }) =>
  tsImport(${JSON.stringify(new URL('./password-worker.ts', import.meta.url).href)}, ${JSON.stringify(import.meta.url)}))`;

function startThread(slot: number): Thread {
  const worker = new Worker(WORKER_BOOT, { eval: true });
  const thread: Thread = { worker, pending: new Map() };
  worker.on('message', (result: PasswordResult) => {
    const job = thread.pending.get(result.id);
    if (!job) return;
    thread.pending.delete(result.id);
    queued -= 1;
    if (thread.pending.size === 0) worker.unref();
    if ('error' in result) job.reject(new Error(result.error));
    else job.resolve(result.value);
  });
  const fail = (error: Error) => {
    if (threads[slot] === thread) threads[slot] = undefined;
    queued -= thread.pending.size;
    for (const job of thread.pending.values()) job.reject(error);
    thread.pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`password worker exited with ${code}`)));
  // An idle pool never keeps the process alive; a job in progress does (see submit).
  worker.unref();
  return thread;
}

function leastBusyThread(): Thread {
  let best: Thread | undefined;
  for (let slot = 0; slot < PASSWORD_THREADS; slot += 1) {
    const thread = (threads[slot] ??= startThread(slot));
    if (!best || thread.pending.size < best.pending.size) best = thread;
  }
  return best!;
}

function submit(task: PasswordTask): Promise<string | boolean> {
  if (queued >= MAX_QUEUED_PASSWORD_JOBS) {
    return Promise.reject(new TooManyRequestsError(MESSAGES.tooManyAttempts, BUSY_RETRY_SECONDS));
  }
  const thread = leastBusyThread();
  const id = (nextId += 1);
  queued += 1;
  return new Promise((resolve, reject) => {
    thread.pending.set(id, { resolve, reject });
    thread.worker.ref();
    thread.worker.postMessage({ ...task, id } satisfies PasswordJob);
  });
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
