import type SQLite from 'better-sqlite3';
import { cursorAfter } from '../lib/keyset.ts';
import { isOriginalKey } from '../lib/storage.ts';

/**
 * Gives a SQLite connection the functions the app's statements call: every connection that runs
 * them must have them, the threads' too (db/sqlite-reader-worker.ts). For the answers SQLite writes
 * as JSON itself (docs/decisions/037-answers-written-by-sqlite.md).
 */
export function withAppFunctions(sqlite: SQLite.Database): SQLite.Database {
  return (
    sqlite
      .function('is_original_key', { deterministic: true }, (value) =>
        typeof value === 'string' && isOriginalKey(value) ? 1 : 0,
      )
      // The cursor of the page after a row of these ordering values, as lib/keyset.ts writes it.
      .function('keyset_cursor', { deterministic: true, varargs: true }, (...values: unknown[]) =>
        cursorAfter(values.map(String)),
      )
  );
}
