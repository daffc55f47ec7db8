import { loadConfig } from '../../packages/server/src/config/env.ts';
import { openDatabase, type Database } from '../../packages/server/src/db/database.ts';
import { openStorage } from '../../packages/server/src/lib/open-storage.ts';
import type { Storage } from '../../packages/server/src/lib/storage.ts';
import { E2E_STATE_ENV } from './environment.ts';

/*
 * The one place that knows where the server under test keeps its state: its database and its
 * stored files. Specs seed and inspect that state only through these functions, so that moving the
 * server to PostgreSQL or S3 storage changes this file, not the specs.
 */

/** Runs `work` with a Kysely handle on the server's database, then closes the handle. */
export async function withDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
  const database = openDatabase(loadConfig({ ...E2E_STATE_ENV, LOG_LEVEL: 'silent' }));
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

// Made on first use: the server wipes the data folder when it starts, after the specs are loaded.
let storage: Promise<Storage> | undefined;
function serverStorage(): Promise<Storage> {
  storage ??= openStorage(loadConfig({ ...E2E_STATE_ENV, LOG_LEVEL: 'silent' }));
  return storage;
}

/** Puts a file in the server's storage under `key` (for example `videos/{uid}/{file}.jpg`). */
export async function storeFile(key: string, bytes: Buffer): Promise<void> {
  return (await serverStorage()).put(key, bytes);
}

/** Whether the server's storage holds a file under `key` (a removed file does not count). */
export async function storedFileExists(key: string): Promise<boolean> {
  return (await serverStorage()).exists(key);
}

/** The bytes the server's storage holds under `key`; throws when there is no such file. */
export async function readStoredFile(key: string): Promise<Buffer> {
  const files = await serverStorage();
  const bytes = (await files.exists(key)) ? await files.read(key) : null;
  if (!bytes) throw new Error(`no stored file ${key}`);
  return bytes;
}
