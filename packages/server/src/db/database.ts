import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config/database-env.ts';
import { withAppFunctions } from './app-functions.ts';
import { sqliteDialect } from './sqlite-dialect.ts';
import { readsBesideKysely } from './compiled-once.ts';
import { preparingPool } from './prepared-statements.ts';
import { SqliteCompilingDialect } from './sqlite-query-compiler.ts';
import type { DB } from './types.ts';
import { writeSlicesPacedBy } from './write-slices.ts';

export type Database = Kysely<DB>;

export const DATABASE_FILE = 'coulisses.sqlite';

export interface OpenDatabase {
  db: Database;
  /** Starts the threads SQLite writes answers on now, not at the first answer (the server's start). */
  startThreads(): void;
  close(): Promise<void>;
}

/** Where a process finds its data: DATA_DIR, and DATABASE_URL when PostgreSQL holds it. */
export interface DatabaseTarget {
  dataDir: string;
  database: DatabaseConfig;
}

/** Opens the configured database: the SQLite file under dataDir, or a PostgreSQL pool. */
export function openDatabase(target: DatabaseTarget): OpenDatabase {
  return target.database.kind === 'postgres'
    ? openPostgres(target.database.url, target.database.poolSize)
    : openSqlite(path.join(target.dataDir, DATABASE_FILE), target.database.readThreads);
}

/**
 * The pages SQLite keeps in memory, in KiB. better-sqlite3's default, 16 MiB, is smaller than the
 * pages the lists of 100,000 videos and users read: under the load run they were read again from
 * the system, and counting the videos took 2.7 ms instead of 0.3 (docs/decisions/029-sqlite-page-cache.md).
 */
export const SQLITE_CACHE_KIB = 48 * 1024;

/**
 * Opens (creating if needed) a SQLite file, in WAL mode with foreign keys on; reads outside
 * transactions run on `readThreads` threads of their own (db/sqlite-dialect.ts).
 */
export function openSqlite(file: string, readThreads = 0): OpenDatabase {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
  // The CLI may write while the server runs: wait for the other writer instead of failing.
  sqlite.pragma('busy_timeout = 10000');
  withAppFunctions(sqlite);
  const dialect = sqliteDialect(sqlite, file, readThreads);
  const db = new Kysely<DB>({ dialect });
  readsBesideKysely(db, dialect);
  writeSlicesPacedBy(db, dialect.logCaughtUp);
  return { db, startThreads: dialect.startThreads, close: () => db.destroy() };
}

// Counters and timestamps are bigint columns and counts are bigint too: every value we store stays
// far below 2^53, so numbers are exact and code reads the same values on both databases.
const NUMERIC_TYPES = new Set([pg.types.builtins.INT8, pg.types.builtins.NUMERIC]);
function typeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
  if (NUMERIC_TYPES.has(oid)) return Number;
  return (pg.types.getTypeParser as (id: number, format?: string) => (value: string) => unknown)(oid, format);
}
export const postgresTypes = { getTypeParser: typeParser as typeof pg.types.getTypeParser };

/** Opens a pool on a PostgreSQL database; nothing connects until the first query. */
export function openPostgres(url: string, poolSize = 10): OpenDatabase {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types: postgresTypes,
    // An unreachable database answers 503 within seconds instead of queueing requests forever.
    connectionTimeoutMillis: 5_000,
    // Connections stay open when idle: `pg` closed them after 10 s, so a superadmin's click after a
    // pause paid a new connection and its statements prepared and planned again, 6 to 12 ms
    // (docs/decisions/054-postgresql-connections-kept.md). Probes from the system keep a connection
    // a firewall would forget alive, and tell a dead one.
    idleTimeoutMillis: 0,
    keepAlive: true,
    keepAliveInitialDelayMillis: 60_000,
    // Waits on a row or list lock are bounded (docs/decisions/011-concurrent-writes.md).
    options: '-c lock_timeout=5000 -c idle_in_transaction_session_timeout=60000',
  });
  // An idle client losing its connection (a database restart) must not take the process down:
  // the pool drops it and the next query opens a new one.
  pool.on('error', () => undefined);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  return { db, startThreads: () => undefined, close: () => db.destroy() };
}

/**
 * Runs `work` with a Kysely handle on another SQLite file (a backup being written, or read with
 * `readonly`, which leaves the file untouched), then closes it.
 */
export async function withDatabaseFile<T>(
  file: string,
  work: (db: Database, sqlite: SQLite.Database) => Promise<T>,
  { readonly = false } = {},
) {
  const sqlite = withAppFunctions(new SQLite(file, { readonly, fileMustExist: readonly }));
  const db = new Kysely<DB>({ dialect: new SqliteCompilingDialect({ database: sqlite }) });
  try {
    return await work(db, sqlite);
  } finally {
    await db.destroy();
  }
}

/**
 * Writes a consistent snapshot of a SQLite database to `file`: VACUUM INTO reads inside one
 * transaction, so writers carry on in WAL mode.
 */
export async function snapshotInto(db: Database, file: string): Promise<void> {
  await sql`vacuum into ${file}`.execute(db);
}
