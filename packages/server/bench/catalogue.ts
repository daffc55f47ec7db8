import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config/env.ts';
import { DATABASE_FILE, openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { openStorage } from '../src/lib/open-storage.ts';
import { loadDemo } from '../src/modules/demo/demo.service.ts';

/** The catalogue of the performance issue: 100,000 videos, 100,000 users, 10,000 discounts. */
export const CATALOGUE_SIZE = {
  videos: Number(process.env.BENCH_VIDEOS ?? 100_000),
  subscribers: Number(process.env.BENCH_SUBSCRIBERS ?? 100_000),
  discounts: Number(process.env.BENCH_DISCOUNTS ?? 10_000),
};

export interface Catalogue {
  dataDir: string;
  /** The SQLite file, unused when `databaseUrl` names the PostgreSQL database that holds it. */
  databaseFile: string;
  databaseUrl?: string;
  superadmin: { email: string; password: string };
  creator: { email: string; password: string };
  seconds: number;
}

/** The variables that point the app at the catalogue: its DATA_DIR, and its PostgreSQL database if any. */
export function catalogueEnv(catalogue: Pick<Catalogue, 'dataDir' | 'databaseUrl'>): NodeJS.ProcessEnv {
  return {
    DATA_DIR: catalogue.dataDir,
    ...(catalogue.databaseUrl ? { DATABASE_URL: catalogue.databaseUrl } : {}),
  };
}

/** The catalogue's database, as the app opens it. */
export function openCatalogue(catalogue: Pick<Catalogue, 'dataDir' | 'databaseUrl'>) {
  return openDatabase(loadConfig({ ...catalogueEnv(catalogue), LOG_LEVEL: 'silent' }));
}

/**
 * A throwaway DATA_DIR filled by the demo command's service, as `npm run cli -- demo` does; the
 * rows go to the empty PostgreSQL database `databaseUrl` when given, the images to DATA_DIR.
 */
export async function demoCatalogue(size = CATALOGUE_SIZE, databaseUrl?: string): Promise<Catalogue> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coulisses-bench-'));
  const config = loadConfig({ ...catalogueEnv({ dataDir, databaseUrl }), LOG_LEVEL: 'silent' });
  const database = openDatabase(config);
  const started = performance.now();
  try {
    await migrateToLatest(database.db);
    const report = await loadDemo(
      { config, db: database.db, storage: await openStorage(config) },
      size,
      () => {},
    );
    const account = (superadmin: boolean) => ({
      email: report.accounts.find((entry) => entry.superadmin === superadmin)!.email,
      password: report.password,
    });
    return {
      dataDir,
      databaseFile: path.join(dataDir, DATABASE_FILE),
      databaseUrl,
      superadmin: account(true),
      creator: account(false),
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await database.close();
  }
}
