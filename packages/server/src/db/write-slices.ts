import { setImmediate } from 'node:timers/promises';
import type { Database } from './database.ts';

const logCaughtUpOf = new WeakMap<Database, () => Promise<void>>();

/** Lets betweenWriteSlices wait on `db` for SQLite's log to be copied (db/wal-checkpoints.ts). */
export function writeSlicesPacedBy(db: Database, logCaughtUp: () => Promise<void>): void {
  logCaughtUpOf.set(db, logCaughtUp);
}

/**
 * Between two transactions of a long run of writes, each a slice of it: on SQLite the log copied
 * first once it has grown (WalCheckpoints.caughtUp), then the event loop's turn, so that the
 * requests that arrived meanwhile are read and answered before the next slice
 * (docs/decisions/057-video-comments-deleted-in-slices.md).
 */
export async function betweenWriteSlices(db: Database): Promise<void> {
  await logCaughtUpOf.get(db)?.();
  await setImmediate();
}
