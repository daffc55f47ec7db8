import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config/env.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { openStorage } from '../src/lib/open-storage.ts';
import type { Storage } from '../src/lib/storage.ts';
import { buildApp, type App, type BuildAppOptions } from '../src/app.ts';
import type { AppContext } from '../src/context.ts';
import { createTestBucket } from './s3-server.ts';
import { createTestDatabase } from './test-database.ts';

export interface TestApp extends AppContext {
  app: App;
  dataDir: string;
  /**
   * The variables a CLI or server process needs to reach this app's database and files
   * (DATABASE_URL, S3_*); empty on the embedded default.
   */
  env: NodeJS.ProcessEnv;
  close(): Promise<void>;
}

export interface TestAppOptions extends Pick<AppContext, 'clock'> {
  /** Wraps the real storage, for a test that makes it fail. */
  wrapStorage?: (storage: Storage) => Storage;
  /** Adds routes before the app is ready, for a test that needs one failing on purpose. */
  addRoutes?: (app: App) => void;
  /** Stays on SQLite in DATA_DIR even under `npm run test:pg` (the source of a move to PostgreSQL). */
  sqlite?: boolean;
  /** The app's logger, as the server gives it; none by default. */
  logger?: BuildAppOptions['logger'];
}

/**
 * The S3_* variables of a test app: the ones it names (`S3_BUCKET: ''` for disk), else a fresh
 * bucket on the shared S3 server when TEST_S3_ENDPOINT is set (the S3 pass), else none (disk).
 */
async function testStorageEnv(env: NodeJS.ProcessEnv): Promise<NodeJS.ProcessEnv> {
  if ('S3_BUCKET' in env)
    return Object.fromEntries(Object.entries(env).filter(([name]) => name.startsWith('S3_')));
  const endpoint = process.env.TEST_S3_ENDPOINT;
  if (!endpoint) return {};
  return createTestBucket(endpoint, process.env.TEST_S3_ACCESS_KEY_ID, process.env.TEST_S3_SECRET_ACCESS_KEY);
}

/**
 * The real app on a freshly migrated database and empty storage: SQLite and files in a throwaway
 * DATA_DIR, or under `npm run test:pg` a PostgreSQL database and a bucket of its own.
 */
export async function buildTestApp(
  env: NodeJS.ProcessEnv = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coulisses-test-'));
  const testDatabase = await createTestDatabase(options.sqlite ? 'sqlite' : undefined);
  const storageEnv = await testStorageEnv(env);
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...testDatabase.env,
    ...storageEnv,
    ...env,
  });
  const database = openDatabase(config);
  await migrateToLatest(database.db);
  const { wrapStorage = (storage: Storage) => storage, addRoutes, clock, logger } = options;
  const storage = wrapStorage(await openStorage(config));
  const context = { config, db: database.db, storage, clock };
  const app = await buildApp(context, { logger });
  addRoutes?.(app);
  await app.ready();
  return {
    ...context,
    app,
    dataDir,
    env: { ...testDatabase.env, ...storageEnv },
    async close() {
      await app.close();
      await database.close();
      await testDatabase.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
