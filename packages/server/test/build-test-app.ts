import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config/env.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { diskStorage, type Storage } from '../src/lib/storage.ts';
import { buildApp, type App } from '../src/app.ts';
import type { AppContext } from '../src/context.ts';
import { createTestDatabase } from './test-database.ts';

export interface TestApp extends AppContext {
  app: App;
  dataDir: string;
  /** The environment a CLI or server process needs to reach this app's database. */
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
}

/**
 * The real app on a freshly migrated database (SQLite in a throwaway DATA_DIR, or a PostgreSQL
 * database of its own under `npm run test:pg`).
 */
export async function buildTestApp(
  env: NodeJS.ProcessEnv = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coulisses-test-'));
  const testDatabase = await createTestDatabase(options.sqlite ? 'sqlite' : undefined);
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...testDatabase.env, ...env });
  const database = openDatabase(config);
  await migrateToLatest(database.db);
  const { wrapStorage = (storage: Storage) => storage, addRoutes, clock } = options;
  const storage = wrapStorage(diskStorage(path.join(dataDir, 'files')));
  const context = { config, db: database.db, storage, clock };
  const app = await buildApp(context);
  addRoutes?.(app);
  await app.ready();
  return {
    ...context,
    app,
    dataDir,
    env: testDatabase.env,
    async close() {
      await app.close();
      await database.close();
      await testDatabase.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
