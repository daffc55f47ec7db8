import type SQLite from 'better-sqlite3';

/** Query texts kept prepared: every query the server sends, with room for the `in (…)` lengths. */
const KEPT = 500;

/**
 * Kysely prepares every query anew on better-sqlite3. Parsing and planning a join takes about
 * 40 µs, ten times the session lookup it prepares, so the handle keeps the latest statements,
 * least recently used out first. A statement still being read (a streamed answer) is busy: a second
 * read of the same text gets a statement of its own.
 */
export function withKeptStatements(sqlite: SQLite.Database): {
  close(): void;
  prepare(sql: string): SQLite.Statement;
} {
  const kept = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const statement = kept.get(sql);
      if (statement && !statement.busy) {
        kept.delete(sql);
        kept.set(sql, statement);
        return statement;
      }
      const prepared = sqlite.prepare(sql);
      if (!statement) {
        kept.set(sql, prepared);
        if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
      }
      return prepared;
    },
  };
}
