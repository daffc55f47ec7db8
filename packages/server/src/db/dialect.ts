/*
 * What differs between the databases the server runs on, kept in one place so that a repository
 * or a service never tests a driver's error codes itself.
 */

/** SQLite's codes (better-sqlite3) and PostgreSQL's SQLSTATE for a broken unique constraint. */
const UNIQUE_VIOLATION_CODES = new Set(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY', '23505']);

/** Whether a write failed because a unique index (or primary key) already holds the value. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && UNIQUE_VIOLATION_CODES.has(code);
}
