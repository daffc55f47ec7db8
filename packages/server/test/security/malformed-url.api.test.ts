import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@coulisses/domain/messages';
import { buildTestApp, type TestApp } from '../build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('a malformed URL', () => {
  it.each([
    ['GET', '/api/%E0%A4%A'],
    ['GET', '/api/public/videos/%E0%A4%A?x=<script>'],
    ['GET', '/%E0%A4%A'],
    ['POST', '/api/auth/%C0%AF%zz'],
  ] as const)(
    '%s %s gets the usual JSON error, the security headers, and not its URL back',
    async (method, url) => {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual({ error: { code: 'bad_request', message: MESSAGES.invalidInput } });
      expect(response.body).not.toMatch(/%|api|script|aaaa|FST_/i);
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['cache-control']).toBe('no-store');
    },
  );

  // With a web build the SPA's catch-all route takes it (404), without one the router refuses it
  // (400): either way a JSON error with the security headers, and never the URL.
  it('answers an over-long parameter with a JSON error, without the URL, with the security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/public/videos/${'a'.repeat(300)}` });
    expect([400, 404]).toContain(response.statusCode);
    expect(response.json().error.code).toMatch(/^(bad_request|not_found)$/);
    expect(response.body).not.toMatch(/aaaa/);
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('leaves the server answering the next request as usual', async () => {
    await t.app.inject({ method: 'GET', url: '/api/%E0%A4%A' });
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});
