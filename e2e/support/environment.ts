import path from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);
/** One throwaway data folder per run, wiped before the server starts. */
export const E2E_DATA_DIR = path.resolve(
  process.env.E2E_DATA_DIR ?? path.resolve(import.meta.dirname, '../.data'),
);
export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'admin-e2e-password' };

/**
 * Where the server under test keeps its state, as the variables it is started with: DATA_DIR, and
 * under `npm run test:pg` a PostgreSQL database (E2E_DATABASE_URL) and a bucket (E2E_S3_*) of its own.
 */
export const E2E_STATE_ENV: Record<string, string> = {
  DATA_DIR: E2E_DATA_DIR,
  ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
  ...(process.env.E2E_S3_BUCKET && process.env.E2E_S3_ENDPOINT
    ? {
        S3_BUCKET: process.env.E2E_S3_BUCKET,
        S3_ENDPOINT: process.env.E2E_S3_ENDPOINT,
        S3_ACCESS_KEY_ID: process.env.E2E_S3_ACCESS_KEY_ID ?? '',
        S3_SECRET_ACCESS_KEY: process.env.E2E_S3_SECRET_ACCESS_KEY ?? '',
        S3_FORCE_PATH_STYLE: 'true',
      }
    : {}),
};
