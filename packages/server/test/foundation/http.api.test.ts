import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@coulisses/domain/messages';
import type { App } from '../../src/app.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeSignedIn } from '../factories.ts';

const INDEX_HTML =
  '<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>';
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coulisses-web-'));
fs.mkdirSync(path.join(webDir, 'assets'));
fs.writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
fs.writeFileSync(path.join(webDir, 'assets', 'app-abc123.js'), 'console.log("coulisses");');
fs.writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

const APP_STORE_URL = 'https://apps.apple.com/fr/app/coulisses/id123';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ WEB_DIST_DIR: webDir, APP_STORE_URL });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/** What a leaked stack or internal detail looks like in an answer. */
function expectNoInternals(body: string) {
  expect(body).not.toMatch(/\bat .+:\d+:\d+/);
  expect(body).not.toMatch(/\.ts\b|node_modules|\/work\/|stack/i);
}

describe('health and public configuration', () => {
  it('GET /api/health answers 200 ok', async () => {
    const response = await get('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/config gives the store link of the landing page, and nothing else', async () => {
    const response = await get('/api/config');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ appStoreUrl: APP_STORE_URL });
  });
});

describe('security headers', () => {
  it.each(['/api/health', '/', '/dashboard'])('%s carries a strict Content-Security-Policy', async (url) => {
    const csp = (await get(url)).headers['content-security-policy'] as string;
    const directives = new Map(
      csp.split(';').map((directive) => {
        const [name = '', ...values] = directive.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'https://i.ytimg.com']));
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
  });

  it.each(['/api/health', '/', '/api/nope'])(
    '%s has nosniff, a Referrer-Policy and the other protective headers, and no X-Powered-By',
    async (url) => {
      const { headers } = await get(url);
      expect(headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'x-frame-options': 'SAMEORIGIN',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      });
      expect(headers['x-powered-by']).toBeUndefined();
    },
  );

  it('keeps every API answer out of shared caches', async () => {
    const user = await makeSignedIn(t);
    for (const response of [
      await get('/api/health'),
      await get('/api/auth/me', { cookie: user.cookie }),
      await get('/api/auth/me'),
      await get('/api/nope'),
    ]) {
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('the web app', () => {
  it.each(['/', '/dashboard', '/login', '/videos', '/une/page/inconnue'])(
    'GET %s answers index.html, never cached, so the client router decides',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(INDEX_HTML);
    },
  );

  it('serves hashed assets cached for a year', async () => {
    const response = await get('/assets/app-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toContain('coulisses');
  });

  it('serves other files of the build, revalidated', async () => {
    const response = await get('/favicon.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    '/.env',
    '/.git/config',
    '/.git/HEAD',
    '/package.json',
    '/package-lock.json',
    '/assets/missing.js',
    '/src/main.tsx',
    '/coulisses.sqlite',
    '/files/../coulisses.sqlite',
    '/%2e%2e/package.json',
    '/api',
    '/api/',
    '/api/nope',
    '/api/auth/nope',
    '/files/nope.jpg',
  ])('GET %s answers a 404 JSON error', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ error: { code: 'not_found', message: MESSAGES.notFound } });
  });

  it('answers 404 JSON to a POST on a page of the web app', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/dashboard', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });
});

describe('request bodies', () => {
  it('answers 413 to a body that is too large', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@exemple.fr', password: 'x'.repeat(400 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: { code: 'payload_too_large', message: MESSAGES.payloadTooLarge },
    });
  });

  it.each(['application/xml', 'text/plain', 'application/x-www-form-urlencoded'])(
    'answers 415 to a body sent as %s',
    async (contentType) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': contentType },
        payload: 'email=a@exemple.fr&password=x',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        error: { code: 'unsupported_media_type', message: MESSAGES.unsupportedMediaType },
      });
    },
  );

  it('answers 400 to broken JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@exemple.fr", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'bad_request', message: MESSAGES.invalidInput } });
    expectNoInternals(response.body);
  });

  it('answers 400 with French field messages to invalid input', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@exemple.fr' },
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('validation_error');
    expect(Object.keys(error.fields)).toEqual(['password']);
    expect([MESSAGES.invalidInput, error.fields.password]).toContain(error.message);
    expect(error.fields.password).toMatch(/attendu/);
  });
});

describe('errors', () => {
  let app: App;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const failing = await buildTestApp(
      {},
      {
        // A route that fails the way a bug would, with internals in its message and stack.
        addRoutes: (app) =>
          app.get('/api/test/boom', { schema: { 'x-required-role': 'public' } }, async () => {
            throw new Error('SQLITE_ERROR at /work/main/packages/server/src/secret.ts:12:3');
          }),
      },
    );
    app = failing.app;
    close = () => failing.close();
  });
  afterAll(async () => {
    await close();
  });

  it('turn an unexpected failure into a 500 with a French message and no detail', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: 'internal_error', message: MESSAGES.serverError } });
    expectNoInternals(response.body);
    expect(response.body).not.toContain('SQLITE');
  });

  it('never carry a stack trace, whatever the status', async () => {
    const responses = [
      await get('/api/nope'),
      await get('/api/stats/dashboard'),
      await get('/api/stats/dashboard', { cookie: 'coulisses_session=inconnu' }),
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 1 } }),
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'a@b.fr', password: 'x' },
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '[[[',
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { origin: 'https://pirate.exemple.com' },
      }),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(Object.keys(response.json())).toEqual(['error']);
      expectNoInternals(response.body);
    }
  });
});
