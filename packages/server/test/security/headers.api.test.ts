import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  // The proxy runs on the same machine: app.inject's default peer, 127.0.0.1, plays it.
  t = await buildTestApp({ TRUST_PROXY: 'loopback' });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, options: { headers?: Record<string, string>; remoteAddress?: string } = {}) =>
  t.app.inject({ method: 'GET', url, ...options });

function directives(csp: string) {
  return new Map(
    csp.split(';').map((directive) => {
      const [name = '', ...values] = directive.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
}

describe('Strict-Transport-Security', () => {
  it.each(['/api/health', '/api/nope', '/api/auth/me'])(
    '%s carries it when the trusted proxy says the request came over https',
    async (url) => {
      const response = await get(url, { headers: { 'x-forwarded-proto': 'https' } });
      expect(response.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    },
  );

  it('is never sent over plain http', async () => {
    for (const response of [
      await get('/api/health'),
      await get('/api/health', { headers: { 'x-forwarded-proto': 'http' } }),
      await get('/api/nope'),
    ]) {
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('is not sent when a client that is not the proxy claims https', async () => {
    const response = await get('/api/health', {
      remoteAddress: '198.51.100.7',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('takes its max-age from HSTS_MAX_AGE', async () => {
    const other = await buildTestApp({ TRUST_PROXY: '127.0.0.1', HSTS_MAX_AGE: '600' });
    try {
      const response = await other.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.headers['strict-transport-security']).toBe('max-age=600; includeSubDomains');
    } finally {
      await other.close();
    }
  });
});

describe('API documentation at /api/docs', () => {
  it('has its own strict CSP on the page and on every file the page loads', async () => {
    const page = await get('/api/docs/');
    expect(page.statusCode).toBe(200);
    const html = page.body;
    // No inline script: every <script> loads a file.
    expect(html.match(/<script\b[^>]*>/g)?.every((tag) => /\ssrc="/.test(tag))).toBe(true);
    expect(html).not.toMatch(/<style\b|\sstyle=|\son\w+=/i);
    const files = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map(
      (match) => new URL(match[1]!, 'http://x/api/docs/').pathname,
    );
    expect(files).toEqual(
      expect.arrayContaining([
        '/api/docs/static/swagger-ui-bundle.js',
        '/api/docs/static/swagger-initializer.js',
      ]),
    );

    for (const response of [
      page,
      ...(await Promise.all([...files, '/api/docs/json'].map((file) => get(file)))),
    ]) {
      expect(response.statusCode).toBe(200);
      const csp = directives(response.headers['content-security-policy'] as string);
      expect(csp.get('default-src')).toEqual(["'none'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
      expect(csp.get('style-src')?.[0]).toBe("'self'");
      expect(
        csp
          .get('style-src')
          ?.slice(1)
          .every((source) => source.startsWith("'sha256-")),
      ).toBe(true);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'none'"]);
      expect(response.headers['content-security-policy']).not.toMatch(/unsafe-|https:|\*/);
    }
  });

  it('is gone with API_DOCS=false, while /api/openapi.json stays', async () => {
    const other = await buildTestApp({ API_DOCS: 'false' });
    try {
      for (const url of [
        '/api/docs',
        '/api/docs/',
        '/api/docs/static/swagger-ui-bundle.js',
        '/api/docs/json',
      ]) {
        const response = await other.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json().error.code).toBe('not_found');
      }
      const document = await other.app.inject({ method: 'GET', url: '/api/openapi.json' });
      expect(document.statusCode).toBe(200);
      expect(document.json().paths['/api/health']).toBeDefined();
    } finally {
      await other.close();
    }
  });
});
