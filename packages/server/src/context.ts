import type { Config } from './config/env.ts';
import type { Database } from './db/database.ts';
import type { Storage } from './lib/storage.ts';

/** What every feature module receives: built once by the server or a test, never global. */
export interface AppContext {
  config: Config;
  db: Database;
  storage: Storage;
}
