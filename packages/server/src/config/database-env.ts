import { ConfigError } from './config-error.ts';

/** Where the data lives: SQLite in DATA_DIR (the embedded default) or a PostgreSQL server. */
export type DatabaseConfig =
  { kind: 'sqlite'; readThreads: number } | { kind: 'postgres'; url: string; poolSize: number };

/**
 * SQLite's read threads unless SQLITE_READ_THREADS says otherwise: none, reads on the main thread.
 * On two cores shared with its clients, threads gave no more throughput for 90 MB more memory
 * (docs/decisions/019-sqlite-read-threads.md).
 */
export const DEFAULT_READ_THREADS = 0;

/**
 * Reads DATABASE_URL and DATABASE_POOL_SIZE; without DATABASE_URL, SQLite as always, with
 * SQLITE_READ_THREADS. A SQLite setting beside DATABASE_URL is checked but unused: `db copy`
 * (docs/decisions/012-two-databases-two-storages.md) runs with the variables of both sides.
 */
export function databaseConfig(env: NodeJS.ProcessEnv): DatabaseConfig {
  const raw = env.DATABASE_URL?.trim();
  const rawPool = env.DATABASE_POOL_SIZE?.trim();
  const rawThreads = env.SQLITE_READ_THREADS?.trim();
  const readThreads = rawThreads ? Number(rawThreads) : DEFAULT_READ_THREADS;
  if (!/^\d+$/.test(rawThreads ?? '0') || readThreads > 16) {
    throw new ConfigError(`SQLITE_READ_THREADS doit être un entier entre 0 et 16 (reçu : "${rawThreads}").`);
  }
  if (!raw) {
    if (rawPool) {
      throw new ConfigError("DATABASE_POOL_SIZE ne sert qu'avec DATABASE_URL : définis les deux, ou aucun.");
    }
    return { kind: 'sqlite', readThreads };
  }
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') || !url.hostname) {
    throw new ConfigError(
      'DATABASE_URL doit être une adresse PostgreSQL, par exemple postgres://coulisses:motdepasse@127.0.0.1:5432/coulisses.',
    );
  }
  const poolSize = rawPool ? Number(rawPool) : 10;
  if (!/^\d+$/.test(rawPool ?? '10') || poolSize < 1 || poolSize > 200) {
    throw new ConfigError(`DATABASE_POOL_SIZE doit être un entier entre 1 et 200 (reçu : "${rawPool}").`);
  }
  return { kind: 'postgres', url: raw, poolSize };
}
