import { PostgresAdapter, sql, type Kysely } from 'kysely';

/*
 * What differs between the databases the server runs on, kept in one place so that a repository,
 * a service or a migration never tests a driver's error codes or names a dialect itself.
 */

/** SQLite's codes (better-sqlite3) and PostgreSQL's SQLSTATE for a broken unique constraint. */
const UNIQUE_VIOLATION_CODES = new Set(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY', '23505']);

function codeOf(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code;
}

/** Whether a write failed because a unique index (or primary key) already holds the value. */
export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error);
  return typeof code === 'string' && UNIQUE_VIOLATION_CODES.has(code);
}

/** Whether a write failed because a row it points to is gone, or a row still pointed to was deleted. */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

/** Whether the database gave up waiting for a lock (PostgreSQL's lock_timeout, SQLite's busy timeout). */
export function isLockTimeout(error: unknown): boolean {
  const code = codeOf(error);
  return code === '55P03' || code === 'SQLITE_BUSY';
}

/*
 * Network failures (the database or the bucket is down or unreachable), PostgreSQL's connection
 * exceptions (class 08) and its shutdown codes, and pg-pool's wait for a free connection.
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
]);

/** Whether a request failed because the database (or the bucket) cannot be reached right now. */
export function isUnreachable(error: unknown): boolean {
  const code = codeOf(error);
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08'))) return true;
  const message = (error as { message?: unknown } | null)?.message;
  return (
    typeof message === 'string' &&
    /^(timeout exceeded when trying to connect|Connection terminated)/.test(message)
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- works on any schema, migrations included
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * The text type of every column. PostgreSQL compares text by the database's locale unless told
 * otherwise; byte order ("C") is what SQLite does, so lists sort and page the same on both.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export function textType(db: Kysely<any>) {
  return isPostgres(db) ? sql`text collate "C"` : 'text';
}

/**
 * Makes the calling transaction the only one holding `name` until it ends: writers of one list
 * (the featured videos, the latest ones) queue one behind the other instead of each reading the
 * list before the other's write (docs/decisions/011-concurrent-writes.md). SQLite runs one write
 * transaction at a time already.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export async function lockForTransaction(db: Kysely<any>, name: string): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`select pg_advisory_xact_lock(hashtext(${name}))`.execute(db);
}
