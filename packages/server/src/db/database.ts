import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import type { DB } from './types.ts';

export type Database = Kysely<DB>;

export const DATABASE_FILE = 'coulisses.sqlite';

export interface OpenDatabase {
  db: Database;
  /** The raw handle, for online backups and integrity checks. */
  sqlite: SQLite.Database;
  close(): Promise<void>;
}

/** Opens (creating if needed) the SQLite file under dataDir, in WAL mode with foreign keys on. */
export function openDatabase(dataDir: string): OpenDatabase {
  fs.mkdirSync(dataDir, { recursive: true });
  const sqlite = new SQLite(path.join(dataDir, DATABASE_FILE));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // The CLI may write while the server runs: wait for the other writer instead of failing.
  sqlite.pragma('busy_timeout = 10000');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
  return {
    db,
    sqlite,
    close: () => db.destroy(),
  };
}

/** Runs `work` with a Kysely handle on another SQLite file (a backup being written), then closes it. */
export async function withDatabaseFile<T>(
  file: string,
  work: (db: Database, sqlite: SQLite.Database) => Promise<T>,
) {
  const sqlite = new SQLite(file);
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    return await work(db, sqlite);
  } finally {
    await db.destroy();
  }
}

/**
 * Writes a consistent snapshot of the database to `file`: VACUUM INTO reads inside one transaction,
 * so writers carry on in WAL mode.
 */
export async function snapshotInto(db: Database, file: string): Promise<void> {
  await sql`vacuum into ${file}`.execute(db);
}
