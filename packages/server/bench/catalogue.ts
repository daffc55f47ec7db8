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
  databaseFile: string;
  superadmin: { email: string; password: string };
  creator: { email: string; password: string };
  seconds: number;
}

/** A throwaway DATA_DIR filled by the demo command's service, as `npm run cli -- demo` does. */
export async function demoCatalogue(size = CATALOGUE_SIZE): Promise<Catalogue> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coulisses-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
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
      superadmin: account(true),
      creator: account(false),
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await database.close();
  }
}
