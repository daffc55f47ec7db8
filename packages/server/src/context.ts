import type { Config } from './config/env.ts';
import type { Database } from './db/database.ts';
import type { Storage } from './lib/storage.ts';

/**
 * What every service receives, as its first argument: built once by the server, the CLI or a
 * test, never global (docs/decisions/006-layers-and-modules.md).
 */
export interface AppContext {
  config: Config;
  db: Database;
  storage: Storage;
  /**
   * The time in milliseconds, Date.now when absent: a test hands in its own to move time forward
   * without waiting (throttle delays, session lifetimes).
   */
  clock?: () => number;
}

/** The current time as the context sees it. */
export function nowOf(context: AppContext): number {
  return context.clock ? context.clock() : Date.now();
}

/**
 * Runs `work` in one transaction, with a context whose `db` is that transaction: a service called
 * with it joins the caller's transaction instead of opening its own.
 */
export function inTransaction<T>(context: AppContext, work: (tx: AppContext) => Promise<T>): Promise<T> {
  return context.db.transaction().execute((trx) => work({ ...context, db: trx }));
}
