import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@coulisses/domain/messages';
import { buildApp, type App } from '../../src/app.ts';
import { loadConfig } from '../../src/config/env.ts';
import { openPostgres, type OpenDatabase } from '../../src/db/database.ts';
import { diskStorage } from '../../src/lib/disk-storage.ts';
import { freePort } from '../server-process.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';

describe('health with the database up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers ready and alive', async () => {
    for (const url of ['/api/health', '/api/health/live']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    }
  });
});

describe('health with the database out of reach', () => {
  let app: App;
  let database: OpenDatabase;
  beforeAll(async () => {
    // Nothing listens on this port: every connection is refused, as when the database is down.
    const url = `postgres://coulisses@127.0.0.1:${await freePort()}/coulisses`;
    const config = loadConfig({
      DATA_DIR: '/tmp/coulisses-health-unused',
      LOG_LEVEL: 'silent',
      DATABASE_URL: url,
    });
    database = openPostgres(url, 2);
    app = await buildApp({
      config,
      db: database.db,
      storage: diskStorage('/tmp/coulisses-health-unused/files'),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('is not ready: 503 with a French message, so the load balancer sends traffic elsewhere', async () => {
    const response = await app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({
      error: { code: 'service_unavailable', message: MESSAGES.serviceUnavailable },
    });
  });

  it('is still alive: the liveness path never touches the database', async () => {
    const response = await app.inject({ url: '/api/health/live' });
    expect(response.statusCode).toBe(200);
  });

  it('answers a request that needs the database with the same clear 503, not a 500', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'chef@exemple.fr', password: 'un-mot-de-passe' },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().error.message).toBe(MESSAGES.serviceUnavailable);
  });
});
