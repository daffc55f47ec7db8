import type { Transferable, Worker } from 'node:worker_threads';
import { startWorker } from './worker-thread.ts';

/** What a pool's worker answers for a job: its value, or the error's message and code. */
export type WorkerAnswer<Value> =
  { id: number; value: Value } | { id: number; error: { message: string; code?: string } };

type Pending = { resolve(value: unknown): void; reject(error: Error): void };

interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
  idleTimer?: ReturnType<typeof setTimeout>;
}

export interface WorkerPool<Job, Value> {
  /** Jobs sent and not answered yet, over every thread. */
  readonly queued: number;
  /** Threads started and not stopped. */
  readonly running: number;
  run(job: Job): Promise<Value>;
  /** Starts every thread now rather than on first use. */
  start(): void;
  close(): Promise<void>;
}

export interface WorkerPoolOptions {
  workerData?: unknown;
  /** Stops a thread left without a job this long, giving its memory back; the next job starts one. */
  idleMs?: number;
}

/**
 * `size` threads running `source` with `workerData` (lib/worker-thread.ts), started on first use. Each job goes to
 * the thread with the fewest waiting, as `{ ...job, id }`; the worker answers a WorkerAnswer. An
 * idle pool never keeps the process alive; a job in progress does. A thread that dies fails its
 * jobs, and the next job starts a new one.
 */
export function createWorkerPool<Job extends object, Value>(
  source: URL,
  size: number,
  { workerData, idleMs }: WorkerPoolOptions = {},
): WorkerPool<Job, Value> {
  const threads: (Thread | undefined)[] = [];
  let queued = 0;
  let nextId = 0;

  function startThread(slot: number): Thread {
    const worker = startWorker(source, workerData);
    const thread: Thread = { worker, pending: new Map() };
    worker.on('message', (answer: WorkerAnswer<Value>) => {
      const job = thread.pending.get(answer.id);
      if (!job) return;
      thread.pending.delete(answer.id);
      queued -= 1;
      if (thread.pending.size === 0) {
        worker.unref();
        if (idleMs !== undefined)
          thread.idleTimer = setTimeout(() => stopThread(slot, thread), idleMs).unref();
      }
      if ('error' in answer)
        job.reject(Object.assign(new Error(answer.error.message), { code: answer.error.code }));
      else job.resolve(answer.value);
    });
    const fail = (error: Error) => {
      if (threads[slot] === thread) threads[slot] = undefined;
      queued -= thread.pending.size;
      for (const job of thread.pending.values()) job.reject(error);
      thread.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`worker ${source.pathname} exited with ${code}`)));
    worker.unref();
    return thread;
  }

  function stopThread(slot: number, thread: Thread) {
    if (threads[slot] !== thread || thread.pending.size > 0) return;
    threads[slot] = undefined;
    void thread.worker.terminate();
  }

  function leastBusyThread(): Thread {
    let best: Thread | undefined;
    for (let slot = 0; slot < size; slot += 1) {
      const thread = (threads[slot] ??= startThread(slot));
      if (!best || thread.pending.size < best.pending.size) best = thread;
    }
    return best!;
  }

  return {
    get queued() {
      return queued;
    },
    get running() {
      return threads.filter((thread) => thread !== undefined).length;
    },
    run(job) {
      const thread = leastBusyThread();
      const id = (nextId += 1);
      queued += 1;
      clearTimeout(thread.idleTimer);
      return new Promise<Value>((resolve, reject) => {
        thread.pending.set(id, { resolve, reject });
        thread.worker.ref();
        thread.worker.postMessage({ ...job, id });
      });
    },
    start() {
      for (let slot = 0; slot < size; slot += 1) threads[slot] ??= startThread(slot);
    },
    async close() {
      const running = threads.splice(0).filter((thread) => thread !== undefined);
      await Promise.all(running.map((thread) => thread.worker.terminate()));
    },
  };
}

/**
 * The worker's side: answers each job posted to it with `work`'s value or its error. What
 * `transferOf` names of the value moves to the main thread instead of being copied there.
 */
export function answerJobs<Job, Value>(
  port: {
    on(event: 'message', listener: (job: Job & { id: number }) => void): unknown;
    postMessage(answer: unknown, transferList?: readonly Transferable[]): void;
  },
  work: (job: Job) => Value,
  transferOf: (value: Value) => Transferable[] = () => [],
) {
  port.on('message', (job) => {
    let answer: WorkerAnswer<Value>;
    let moved: Transferable[] = [];
    try {
      const value = work(job);
      moved = transferOf(value);
      answer = { id: job.id, value };
    } catch (error) {
      const { message, code } = error as Error & { code?: string };
      answer = { id: job.id, error: { message, code } };
    }
    port.postMessage(answer, moved);
  });
}
