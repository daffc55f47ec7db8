import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { DEFAULT_READ_THREADS, type DatabaseConfig } from '../src/config/database-env.ts';

/*
 * Which database the tests run on. Without TEST_DATABASE_URL, SQLite in each test's DATA_DIR; with
 * it (`npm run test:pg`), a fresh PostgreSQL database per test app, copied from a template the
 * global setup migrated once (packages/server/test/global-setup.ts).
 */

export const TEST_TEMPLATE_DATABASE = 'coulisses_test_template';

export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

export function databaseUrlFor(name: string): string {
  const url = new URL(testDatabaseUrl()!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the cluster's maintenance database. */
export async function onCluster(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new database on the test cluster, copied from `template` (migrated) or empty; answers its name. */
export async function createEmptyDatabase(template = 'template0'): Promise<string> {
  const name = `coulisses_test_${randomUUID().replaceAll('-', '')}`;
  await onCluster(`create database ${name} template ${template}`);
  return name;
}

export interface TestDatabase {
  config: DatabaseConfig;
  /** The same setting as environment variables, for a server or CLI started in its own process. */
  env: NodeJS.ProcessEnv;
  drop(): Promise<void>;
}

/**
 * A database of its own for one test app: a migrated PostgreSQL database (`'empty'`: not even
 * migrated, for servers that migrate it themselves), or SQLite.
 */
export async function createTestDatabase(kind?: 'sqlite' | 'empty'): Promise<TestDatabase> {
  if (kind === 'sqlite' || !testDatabaseUrl()) {
    // The server's default unless TEST_SQLITE_READ_THREADS runs the suite on read threads
    // (docs/decisions/019-sqlite-read-threads.md).
    const readThreads = process.env.TEST_SQLITE_READ_THREADS;
    return {
      config: { kind: 'sqlite', readThreads: Number(readThreads ?? DEFAULT_READ_THREADS) },
      env: readThreads ? { SQLITE_READ_THREADS: readThreads } : {},
      drop: () => Promise.resolve(),
    };
  }
  const name = await createEmptyDatabase(kind === 'empty' ? 'template0' : TEST_TEMPLATE_DATABASE);
  const url = databaseUrlFor(name);
  return {
    config: { kind: 'postgres', url, poolSize: 5 },
    env: { DATABASE_URL: url, DATABASE_POOL_SIZE: '5' },
    drop: () => onCluster(`drop database if exists ${name} with (force)`),
  };
}
