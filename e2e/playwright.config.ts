import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_PATH, OFFLINE_FLAGS } from '../packages/server/test/chromium.ts';
import { START_MALLOC_SHELL, START_NODE_FLAGS } from '../packages/server/test/server-process.ts';
import { E2E_ADMIN, E2E_PORT, E2E_STATE_ENV } from './support/environment.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');

/**
 * Browser tests against the real server (built SPA + API) on a throwaway DATA_DIR, in Debian's
 * Chromium: Playwright never downloads a browser here.
 */
export default defineConfig({
  testDir: './specs',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: OFFLINE_FLAGS,
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // The malloc settings and V8 flags npm start gives the server (docs/decisions/025-heap-growth.md, 026, 042).
    command: `node --import tsx e2e/support/reset-server-state.ts && ${START_MALLOC_SHELL} node ${START_NODE_FLAGS.join(' ')} packages/server/dist/server.mjs`,
    cwd: repoRoot,
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      ...E2E_STATE_ENV,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
      // Every browser test signs in from 127.0.0.1; the limit itself is covered by the API tests.
      SIGN_IN_RATE_LIMIT: '10000',
      APP_STORE_URL: 'https://apps.apple.com/fr/app/coulisses/id000000',
    },
  },
});
