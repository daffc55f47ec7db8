import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/*
 * The statements each PostgreSQL connection prepares once and then runs by name
 * (docs/decisions/039-statements-prepared-by-postgresql.md).
 */

/** Statement names by SQL text, for the whole process: the same text has the same name on every connection. */
const names = new Map<string, string>();

// PostgreSQL chooses between a search's trigram index and the ordered walk from the LIKE pattern
// it is given (docs/decisions/014-search-indexes.md). A statement it prepares is planned once for
// any pattern after a few runs, when that plan's estimate looks no worse: a rare title would then
// walk every row. A search is sent unnamed, planned for its own pattern at every run.
const PLANNED_FOR_ITS_VALUES = /\blike\b/i;

/**
 * Names `text`, a statement built once for a shape of values (db/compiled-once.ts), so every
 * connection prepares it at its first run and only binds it after; a search stays unnamed.
 */
export function prepareOnce(text: string): void {
  if (!names.has(text) && !PLANNED_FOR_ITS_VALUES.test(text)) names.set(text, `coulisses_${names.size + 1}`);
}

/** The name `text` is sent by, undefined for a statement sent unnamed. */
export function statementName(text: string): string | undefined {
  return names.get(text);
}

/** The client as Kysely uses it, sending the named statements by name; a cursor goes as it is. */
function preparingClient(client: pg.PoolClient): PostgresPoolClient {
  function query<R>(text: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>>;
  function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  function query(textOrCursor: string | PostgresCursor<unknown>, parameters?: readonly unknown[]): unknown {
    if (typeof textOrCursor !== 'string') return client.query(textOrCursor as unknown as pg.Submittable);
    const name = statementName(textOrCursor);
    const values = parameters as unknown[];
    return name ? client.query({ name, text: textOrCursor, values }) : client.query(textOrCursor, values);
  }
  return { query, release: () => client.release() };
}

/**
 * `pool` as Kysely's dialect takes it, its clients sending the statements prepareOnce named by
 * name. One wrapper per client: Kysely keeps its connection per client object.
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) wrappers.set(client, (wrapper = preparingClient(client)));
      return wrapper;
    },
    end: () => pool.end(),
  };
}
