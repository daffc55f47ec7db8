import fs from 'node:fs';
import type SQLite from 'better-sqlite3';
import type { WorkerPool } from '../lib/worker-pool.ts';
import type { SqliteThreadJob } from './sqlite-reader-worker.ts';

/**
 * The log's size from which a thread copies it into the database file: SQLite's own threshold,
 * 1,000 pages.
 */
const CHECKPOINT_PAGES = 1000;
/**
 * The main connection still copies the log itself from this size: only if the thread cannot keep
 * up, or is gone, so that the log never grows without end.
 */
export const MAIN_CHECKPOINT_PAGES = 10 * CHECKPOINT_PAGES;
/** The least time between two checkpoints the thread is asked for, when a reader holds the log back. */
const CHECKPOINT_GAP_MS = 1000;

/**
 * Copies the write-ahead log into the database file on a thread, off the event loop
 * (docs/decisions/040-checkpoints-off-the-loop.md). SQLite copies it in the commit that fills it,
 * and the copy waits for the disk: under the load run, such a commit held the event loop 69 ms.
 *
 * Each time the connection starts the log again from its beginning, after a checkpoint, it cuts
 * the file to what it has just written (`journal_size_limit`), so the file's size says how much is
 * waiting to be copied.
 */
export class WalCheckpoints {
  readonly #walFile: string;
  readonly #threshold: number;
  readonly #thread: WorkerPool<SqliteThreadJob, unknown>;
  /** The checkpoint the thread is making, if any. */
  #copying: Promise<unknown> | undefined;
  /** When the thread may be asked again (performance.now()), CHECKPOINT_GAP_MS after its last one. */
  #notBefore = 0;

  constructor(sqlite: SQLite.Database, file: string, thread: WorkerPool<SqliteThreadJob, unknown>) {
    this.#walFile = `${file}-wal`;
    this.#thread = thread;
    const pageSize = sqlite.pragma('page_size', { simple: true }) as number;
    this.#threshold = CHECKPOINT_PAGES * pageSize;
    sqlite.pragma(`wal_autocheckpoint = ${MAIN_CHECKPOINT_PAGES}`);
    sqlite.pragma('journal_size_limit = 0');
  }

  /** After a commit: asks the thread to copy the log once it has grown to the threshold. */
  afterCommit(): void {
    if (this.#copying || performance.now() < this.#notBefore || !this.#full()) return;
    this.#copy();
  }

  /**
   * Between two slices of a long run of writes: once the log has grown to the threshold, waits for
   * the copy under way, or for one asked now, however soon after the last. Such a run writes the
   * log faster than a copy a second empties it, and at MAIN_CHECKPOINT_PAGES the main connection
   * copied it in a commit, on the event loop: 140 to 230 ms, 47 times while a video's 100,000
   * comments were deleted slice by slice (docs/decisions/057-video-comments-deleted-in-slices.md).
   */
  async caughtUp(): Promise<void> {
    if (!this.#full()) return;
    if (!this.#copying) this.#copy();
    await this.#copying;
  }

  #full(): boolean {
    return (fs.statSync(this.#walFile, { throwIfNoEntry: false })?.size ?? 0) >= this.#threshold;
  }

  #copy(): void {
    // A checkpoint that fails leaves the log to the next one, or to the main connection's own.
    this.#copying = this.#thread
      .run({ checkpoint: true })
      .catch(() => undefined)
      .finally(() => {
        this.#copying = undefined;
        this.#notBefore = performance.now() + CHECKPOINT_GAP_MS;
      });
  }

  /**
   * Lets the checkpoint under way end before the thread is stopped: stopped meanwhile, still
   * starting, it never reported its end, and the CLI's demo ended without its report (ADR 040).
   */
  async stop(): Promise<void> {
    await this.#copying;
  }
}
