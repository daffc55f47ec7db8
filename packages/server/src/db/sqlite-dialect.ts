import type SQLite from 'better-sqlite3';
import {
  type CompiledQuery,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import type { AnswerEncoding } from '../lib/answer-compression.ts';
import { createWorkerPool, type WorkerPool } from '../lib/worker-pool.ts';
import { withKeptStatements } from './kept-statements.ts';
import { SqliteCompiler } from './sqlite-query-compiler.ts';
import type { ReaderData, SqliteThreadJob } from './sqlite-reader-worker.ts';
import { iterateRows, readRows } from './sqlite-rows.ts';
import { WalCheckpoints } from './wal-checkpoints.ts';

/** One holder at a time of the writing connection, the others waiting in line. */
class Turn {
  #held: Promise<void> | undefined;
  #release: (() => void) | undefined;
  /** Whether no one holds the writing connection: no transaction is open on it. */
  get free() {
    return !this.#held;
  }
  async take() {
    while (this.#held) await this.#held;
    this.#held = new Promise((resolve) => (this.#release = resolve));
  }
  give() {
    const release = this.#release;
    this.#held = undefined;
    this.#release = undefined;
    release?.();
  }
}

/**
 * The SQLite dialect of the server. One connection writes: a transaction holds it from `begin` to
 * its end, and a lone write waits for it. Reads outside transactions go to `readThreads` worker
 * threads, each with its own read-only connection, so a slow list neither blocks the event loop
 * nor waits behind a transaction; without read threads they take the writer's turn like writes.
 * Transactions begin `immediate`: one that reads then writes would otherwise fail at once with
 * "database is locked" when another process (the CLI) wrote in between; taking the write lock first
 * makes it wait on the busy timeout instead.
 */
export function sqliteDialect(
  sqlite: SQLite.Database,
  file: string,
  readThreads: number,
): Dialect & ReadsBesideKysely & { startThreads: () => void; logCaughtUp: () => Promise<void> } {
  let driver: SqliteDriver | undefined;
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => (driver = new SqliteDriver(sqlite, file, readThreads)),
    readAtOnce: (query) => driver?.readAtOnce(query),
    readOffLoop: (query, encoding) => driver?.readOffLoop(query, encoding),
    rowsOffLoop: (query) => driver?.rowsOffLoop(query),
    startThreads: () => driver?.startThreads(),
    logCaughtUp: async () => driver?.logCaughtUp(),
    createQueryCompiler: () => new SqliteCompiler(),
    createIntrospector: (db: Kysely<unknown>) => new SqliteIntrospector(db),
  };
}

/**
 * Runs a read at once, on the calling turn of the event loop, or answers undefined when it must go
 * through Kysely: a transaction holds the writing connection (the read would see its rows), reads
 * go to threads, or the statement writes.
 */
export type ReadAtOnce = (query: CompiledQuery) => unknown[] | undefined;

/**
 * Runs a read on a thread of its own connection, off the event loop, for an answer SQLite writes
 * whole (docs/decisions/038-written-answers-off-the-loop.md): undefined before Kysely has started
 * the driver, and for a database in memory, which no other connection can open. The thread sees
 * every commit made before the read, never a transaction still open. With `encoding`, the thread
 * also compresses the answer it wrote (db/compiled-once.ts, writtenOnce).
 */
export type ReadOffLoop = (query: CompiledQuery, encoding?: AnswerEncoding) => Promise<unknown[]> | undefined;

/**
 * Runs a read on the same thread and hands its rows back, parsed from the JSON text they cross in:
 * for a read that may hold SQLite for tens of milliseconds and whose rows are few, a search of a
 * million comments (docs/decisions/055-comment-searches-off-the-loop.md). Undefined where
 * ReadOffLoop is.
 */
export type RowsOffLoop = (query: CompiledQuery) => Promise<unknown[]> | undefined;

/** The dialect's ways to read beside Kysely's executor (db/compiled-once.ts, readsBesideKysely). */
export interface ReadsBesideKysely {
  readAtOnce: ReadAtOnce;
  readOffLoop: ReadOffLoop;
  rowsOffLoop: RowsOffLoop;
}

/**
 * The page cache of the thread that writes answers when there are no read threads: enough for the
 * discounts and their indexes (about 6 MB for 10,000), less than the main connection's
 * (SQLITE_CACHE_KIB of db/database.ts), which every list reads through.
 */
const ANSWER_THREAD_CACHE_KIB = 16 * 1024;

/** A read's rows from a thread, where they cross as JSON text (db/sqlite-reader-worker.ts). */
async function rowsReadOn(
  threads: WorkerPool<SqliteThreadJob, unknown>,
  query: CompiledQuery,
): Promise<unknown[]> {
  return JSON.parse(
    (await threads.run({ sql: query.sql, parameters: query.parameters })) as string,
  ) as unknown[];
}

/** Values the thread sent as bytes arrive as plain Uint8Arrays: Buffers again, on the same memory. */
function withBuffers(rows: Record<string, unknown>[]): Record<string, unknown>[] {
  for (const row of rows)
    for (const [name, value] of Object.entries(row))
      if (value instanceof Uint8Array && !Buffer.isBuffer(value))
        row[name] = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  return rows;
}

class SqliteDriver implements Driver {
  readonly #writer;
  readonly #sqlite;
  readonly #turn = new Turn();
  readonly #readers: WorkerPool<SqliteThreadJob, unknown> | undefined;
  /**
   * The read threads when there are some, else one thread of its own, started at its first read or
   * checkpoint.
   */
  readonly #offLoop: WorkerPool<SqliteThreadJob, unknown> | undefined;
  /** Copies the log on that thread; undefined for a database in memory, which has no log. */
  readonly #checkpoints: WalCheckpoints | undefined;

  constructor(sqlite: SQLite.Database, file: string, readThreads: number) {
    this.#sqlite = sqlite;
    this.#writer = withKeptStatements(sqlite);
    const source = new URL('./sqlite-reader-worker.ts', import.meta.url);
    this.#readers =
      readThreads > 0
        ? createWorkerPool(source, readThreads, { workerData: { file } satisfies ReaderData })
        : undefined;
    this.#offLoop =
      this.#readers ??
      (file === ':memory:'
        ? undefined
        : createWorkerPool(source, 1, {
            workerData: { file, cacheKib: ANSWER_THREAD_CACHE_KIB } satisfies ReaderData,
          }));
    this.#checkpoints = this.#offLoop && new WalCheckpoints(sqlite, file, this.#offLoop);
  }

  /**
   * What executeQuery does for a read outside a transaction with no read threads, without its
   * promises: the queries compiled once use it (db/compiled-once.ts).
   */
  readAtOnce(query: CompiledQuery): unknown[] | undefined {
    if (this.#readers || !this.#turn.free) return undefined;
    const statement = this.#writer.prepare(query.sql);
    return statement.reader ? readRows(statement, query.parameters) : undefined;
  }

  readOffLoop(query: CompiledQuery, encoding?: AnswerEncoding): Promise<unknown[]> | undefined {
    return this.#offLoop
      ?.run({ sql: query.sql, parameters: query.parameters, written: true, encoding })
      .then((rows) => withBuffers(rows as Record<string, unknown>[]));
  }

  rowsOffLoop(query: CompiledQuery): Promise<unknown[]> | undefined {
    return this.#offLoop && rowsReadOn(this.#offLoop, query);
  }

  // The read threads start with the server, not on the first requests.
  async init() {
    this.#readers?.start();
  }

  /**
   * Starts the thread the answers are written on, which otherwise starts at the first of them:
   * about 100 ms that the first page of videos after a start, and every request behind it, waited.
   * The server calls it once started; the CLI and the tests never need it.
   */
  startThreads() {
    this.#offLoop?.start();
  }

  /** After a slice of a long run of writes (WalCheckpoints.caughtUp). */
  logCaughtUp = async () => this.#checkpoints?.caughtUp();

  async acquireConnection(): Promise<DatabaseConnection> {
    return new SqliteConnection(this.#writer, this.#turn, this.#readers, () =>
      this.#checkpoints?.afterCommit(),
    );
  }

  async beginTransaction(connection: DatabaseConnection) {
    await this.#turn.take();
    try {
      this.#writer.prepare('begin immediate').run([]);
    } catch (error) {
      this.#turn.give();
      throw error;
    }
    (connection as SqliteConnection).inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection) {
    await this.#end(connection, 'commit');
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await this.#end(connection, 'rollback');
  }

  /**
   * Ends the transaction and gives the writer's turn back once SQLite has left it: a commit that
   * fails with the transaction still open (the disk full) keeps the turn for Kysely's rollback.
   */
  async #end(connection: DatabaseConnection, statement: 'commit' | 'rollback') {
    const ending = connection as SqliteConnection;
    if (!ending.inTransaction) return;
    try {
      this.#writer.prepare(statement).run([]);
      if (statement === 'commit') this.#checkpoints?.afterCommit();
    } finally {
      if (!this.#sqlite.inTransaction) {
        ending.inTransaction = false;
        this.#turn.give();
      }
    }
  }

  async releaseConnection() {}

  async destroy() {
    await this.#checkpoints?.stop();
    await this.#offLoop?.close();
    this.#sqlite.close();
  }
}

class SqliteConnection implements DatabaseConnection {
  inTransaction = false;
  readonly #writer;
  readonly #turn;
  readonly #readers;
  /** Called after a write outside a transaction, which SQLite commits at once. */
  readonly #committed;

  constructor(
    writer: ReturnType<typeof withKeptStatements>,
    turn: Turn,
    readers: WorkerPool<SqliteThreadJob, unknown> | undefined,
    committed: () => void,
  ) {
    this.#writer = writer;
    this.#turn = turn;
    this.#readers = readers;
    this.#committed = committed;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.inTransaction) return this.#write(query);
    if (this.#readers && SelectQueryNode.is(query.query)) {
      return { rows: (await rowsReadOn(this.#readers, query)) as R[] };
    }
    await this.#turn.take();
    try {
      const result = this.#write<R>(query);
      if (result.numAffectedRows !== undefined) this.#committed();
      return result;
    } finally {
      this.#turn.give();
    }
  }

  #write<R>({ sql, parameters }: CompiledQuery): QueryResult<R> {
    const statement = this.#writer.prepare(sql);
    if (statement.reader) return { rows: readRows(statement, parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query.query)) throw new Error('SQLite streams select queries only');
    const outside = !this.inTransaction;
    if (outside) await this.#turn.take();
    try {
      for (const row of iterateRows(this.#writer.prepare(query.sql), query.parameters))
        yield { rows: [row as R] };
    } finally {
      if (outside) this.#turn.give();
    }
  }
}
