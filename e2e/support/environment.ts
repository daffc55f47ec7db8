import path from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);
/** One throwaway data folder per run, wiped before the server starts. */
export const E2E_DATA_DIR = path.resolve(
  process.env.E2E_DATA_DIR ?? path.resolve(import.meta.dirname, '../.data'),
);
export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'admin-e2e-password' };
