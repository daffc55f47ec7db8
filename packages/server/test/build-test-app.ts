import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config/env.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { diskStorage } from '../src/lib/storage.ts';
import { buildApp, type App } from '../src/app.ts';
import type { AppContext } from '../src/context.ts';

export interface TestApp extends AppContext {
  app: App;
  dataDir: string;
  close(): Promise<void>;
}

/** The real app on a freshly migrated SQLite file in a throwaway DATA_DIR. */
export async function buildTestApp(
  env: NodeJS.ProcessEnv = {},
  options: Pick<AppContext, 'clock'> = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coulisses-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const database = openDatabase(dataDir);
  await migrateToLatest(database.db);
  const storage = diskStorage(path.join(dataDir, 'files'));
  const context = { config, db: database.db, storage, ...options };
  const app = await buildApp(context);
  await app.ready();
  return {
    ...context,
    app,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
