import v8 from 'node:v8';
import { ConfigError, loadConfig } from './config/env.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { openStorage } from './lib/open-storage.ts';
import { serverLogger } from './lib/request-log.ts';
import { buildApp } from './app.ts';
import { ensureSuperadmin } from './bootstrap.ts';

const SHUTDOWN_GRACE_MS = 10_000;

/**
 * After each full garbage collection V8 lets the heap grow to this much above what survived, instead
 * of up to four times as much: under 100 clients the heap peaked at 137 MB instead of 283 MB, for
 * the same throughput (docs/decisions/025-heap-growth.md). The flag is read at every collection, so
 * setting it here reaches every way of starting the server. The heap's floor, below which V8 never
 * collects the old generation in full, is read only as the process starts: the start command gives it
 * (package.json, and ADR 025's update).
 */
const HEAP_GROWING_PERCENT = 50;

async function main() {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration invalide : ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  const storage = await openStorage(config);
  try {
    await storage.check();
  } catch (error) {
    const { name, message } = error as Error;
    console.error(
      `Stockage des fichiers injoignable (${name} : ${message}) : vérifie DATA_DIR ou les variables S3_*.`,
    );
    process.exit(1);
  }
  const database = openDatabase(config);
  await migrateToLatest(database.db);
  database.startThreads();
  const context = { config, db: database.db, storage };
  await ensureSuperadmin(context, (line) => console.log(line));
  const app = await buildApp(context, {
    logger: serverLogger(config.logLevel),
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    setTimeout(() => {
      app.log.error('requests still running after 10 s: exiting anyway');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    await app.drain();
    // A keep-alive connection that goes idle once its last response is sent would hold close() open
    // until the client hangs up: close such connections as soon as they fall idle.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    await app.close();
    clearInterval(closeIdle);
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

await main();
