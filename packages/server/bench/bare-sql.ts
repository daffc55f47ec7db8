import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { loadConfig } from '../src/config/env.ts';
import type { DB } from '../src/db/types.ts';
import { diskStorage } from '../src/lib/disk-storage.ts';
import { buildApp } from '../src/app.ts';

interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * The bare SQL of an answer: the app, in this process, on a connection that records the read
 * statements each request runs; `timeOf` then runs those statements straight on SQLite, without
 * the app, Kysely or HTTP around them.
 */
export async function bareSqlRecorder(dataDir: string, databaseFile: string) {
  const sqlite = new SQLite(databaseFile);
  sqlite.pragma('busy_timeout = 10000');
  let recorded: Statement[] = [];
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
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: recording }) });
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, db, storage: diskStorage(`${dataDir}/files`) });
  await app.ready();

  return {
    /** The read statements one request runs. */
    async statementsOf(url: string, cookie?: string): Promise<Statement[]> {
      recorded = [];
      const response = await app.inject({ url, headers: cookie ? { cookie } : {} });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      return recorded;
    },
    /** Milliseconds to run `statements` once, straight on SQLite. */
    timeOf(statements: readonly Statement[]): number {
      const prepared = statements.map(({ sql, params }) => ({ statement: sqlite.prepare(sql), params }));
      const started = performance.now();
      for (const { statement, params } of prepared) statement.all(...params);
      return performance.now() - started;
    },
    async close() {
      await app.close();
      await db.destroy();
    },
  };
}
