import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, type LogEvent } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../src/config/env.ts';
import { withAppFunctions } from '../src/db/app-functions.ts';
import { postgresTypes, type Database } from '../src/db/database.ts';
import { statementName } from '../src/db/prepared-statements.ts';
import { SqliteCompilingDialect } from '../src/db/sqlite-query-compiler.ts';
import type { DB } from '../src/db/types.ts';
import { diskStorage } from '../src/lib/disk-storage.ts';
import { buildApp } from '../src/app.ts';
import { catalogueEnv, type Catalogue } from './catalogue.ts';

interface Statement {
  sql: string;
  params: unknown[];
  /** On PostgreSQL, the name the server prepares it by (db/prepared-statements.ts); none when sent unnamed. */
  name?: string;
}

interface Recording {
  db: Database;
  take(): Statement[];
  /** Milliseconds to run `statements` once, straight on the database. */
  timeOf(statements: readonly Statement[]): Promise<number>;
  close(): Promise<void>;
}

/**
 * The bare SQL of an answer: the app, in this process, on a connection that records the read
 * statements each request runs; `timeOf` then runs those statements straight on the database,
 * without the app, Kysely or HTTP around them (on PostgreSQL, over one connection of its own).
 * They are the server's statements, compiled and prepared as it does: on SQLite a page's limit
 * out of the planner's reach (docs/decisions/035-statements-prepared-once.md), on PostgreSQL by
 * the same name (docs/decisions/039-statements-prepared-by-postgresql.md); else the floor would
 * time a statement planned again at every run, which the server's is not.
 */
export async function bareSqlRecorder(
  catalogue: Pick<Catalogue, 'dataDir' | 'databaseFile' | 'databaseUrl'>,
) {
  const recording = catalogue.databaseUrl
    ? await postgresRecording(catalogue.databaseUrl)
    : sqliteRecording(catalogue.databaseFile);
  const config = loadConfig({ ...catalogueEnv(catalogue), LOG_LEVEL: 'silent' });
  const app = await buildApp({
    config,
    db: recording.db,
    storage: diskStorage(`${catalogue.dataDir}/files`),
  });
  await app.ready();

  return {
    /**
     * The read statements one request runs, once the app has answered it before, as the server
     * has when it is measured: a first search reads its index's trigram counts whole, and keeps them.
     */
    async statementsOf(url: string, cookie?: string): Promise<Statement[]> {
      const headers = cookie ? { cookie } : {};
      for (let run = 0; run < 2; run += 1) {
        recording.take();
        const response = await app.inject({ url, headers });
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      }
      return recording.take();
    },
    timeOf: (statements: readonly Statement[]) => recording.timeOf(statements),
    async close() {
      await app.close();
      await recording.close();
    },
  };
}

/** better-sqlite3's reading statements, caught as the dialect prepares and runs them. */
function sqliteRecording(databaseFile: string): Recording {
  const sqlite = withAppFunctions(new SQLite(databaseFile));
  sqlite.pragma('busy_timeout = 10000');
  const recorded: Statement[] = [];
  const recording = new Proxy(sqlite, {
    get(target, property, receiver) {
      if (property !== 'prepare') return Reflect.get(target, property, receiver) as unknown;
      return (source: string) => {
        const statement = target.prepare(source);
        if (!statement.reader) return statement;
        return new Proxy(statement, {
          get(inner, name, innerReceiver) {
            const value = Reflect.get(inner, name, innerReceiver) as unknown;
            if (name !== 'all' && name !== 'iterate' && name !== 'get') return value;
            return (...params: unknown[]) => {
              recorded.push({ sql: source, params });
              return (value as (...args: unknown[]) => unknown).apply(inner, params);
            };
          },
        });
      };
    },
  });
  const db = new Kysely<DB>({ dialect: new SqliteCompilingDialect({ database: recording }) });
  return {
    db,
    take: () => recorded.splice(0),
    timeOf(statements) {
      const prepared = statements.map(({ sql, params }) => ({ statement: sqlite.prepare(sql), params }));
      const started = performance.now();
      for (const { statement, params } of prepared) statement.all(...params);
      return Promise.resolve(performance.now() - started);
    },
    close: () => db.destroy(),
  };
}

const READING = /^\s*(select|with)\b/i;

/** PostgreSQL's reading queries, from Kysely's log of what it ran. */
async function postgresRecording(url: string): Promise<Recording> {
  const recorded: Statement[] = [];
  const log = (event: LogEvent) => {
    const { sql, parameters } = event.query;
    if (event.level === 'query' && READING.test(sql))
      recorded.push({ sql, params: [...parameters], name: statementName(sql) });
  };
  const pool = new pg.Pool({ connectionString: url, types: postgresTypes });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log });
  const bare = new pg.Client({ connectionString: url, types: postgresTypes });
  await bare.connect();
  return {
    db,
    take: () => recorded.splice(0),
    async timeOf(statements) {
      const started = performance.now();
      for (const { sql, params, name } of statements) await bare.query({ name, text: sql, values: params });
      return performance.now() - started;
    },
    async close() {
      await bare.end();
      await db.destroy();
    },
  };
}
