import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config/env.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { openStorage } from '../src/lib/open-storage.ts';
import { buildApp, type App } from '../src/app.ts';
import type { AppContext } from '../src/context.ts';
import { createTestBucket } from './s3-server.ts';

export interface TestApp extends AppContext {
  app: App;
  dataDir: string;
  /** The S3_* variables of this app's storage, for a CLI run on the same files. */
  storageEnv?: NodeJS.ProcessEnv;
  sqlite: ReturnType<typeof openDatabase>['sqlite'];
  close(): Promise<void>;
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

/** The real app on a freshly migrated SQLite file in a throwaway DATA_DIR. */
export async function buildTestApp(
  env: NodeJS.ProcessEnv = {},
  options: Pick<AppContext, 'clock'> = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coulisses-test-'));
  const storageEnv = await testStorageEnv(env);
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...storageEnv, ...env });
  const database = openDatabase(dataDir);
  await migrateToLatest(database.db);
  const storage = openStorage(config);
  const context = { config, db: database.db, storage, ...options };
  const app = await buildApp(context);
  await app.ready();
  return {
    ...context,
    app,
    dataDir,
    storageEnv,
    sqlite: database.sqlite,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
