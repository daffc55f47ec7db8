import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFF_LOOP_LENGTH } from '../../src/plugins/json-compression.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeSignedIn, signIn } from '../factories.ts';
import { seedCategory, seedCreator, seedVideo } from '../public/seed.ts';

/**
 * A built web app as `vite build` leaves it: the shell, the pages it prerenders signed out, and
 * assets with their .br and .gz beside them.
 */
const SCRIPT = `console.log(${JSON.stringify('coulisses '.repeat(400))});`;
const SHELL = '<!doctype html><div id="root"></div>';
/** The start of a page drawn before the app's code, written in the page (packages/web/prerender.ts). */
const BOOT = 'document.documentElement.dataset.boot = "1";';
const LANDING = `<!doctype html><head><script>${BOOT}</script></head><div id="root"><h1>Bienvenue dans les coulisses</h1></div>`;
const LOGIN = `<!doctype html><div id="root"><h1>Espace créateurs</h1>${'<p>…</p>'.repeat(200)}</div>`;
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coulisses-web-'));
fs.mkdirSync(path.join(webDir, 'assets'));
fs.mkdirSync(path.join(webDir, 'prerendered'));
fs.writeFileSync(path.join(webDir, 'index.html'), SHELL);
fs.writeFileSync(path.join(webDir, 'prerendered', 'index.html'), LANDING);
fs.writeFileSync(path.join(webDir, 'prerendered', 'login.html'), LOGIN);
fs.writeFileSync(path.join(webDir, 'prerendered', 'login.html.br'), zlib.brotliCompressSync(LOGIN));
const scriptPath = path.join(webDir, 'assets', 'index-abc123.js');
fs.writeFileSync(scriptPath, SCRIPT);
fs.writeFileSync(`${scriptPath}.br`, zlib.brotliCompressSync(SCRIPT));
fs.writeFileSync(`${scriptPath}.gz`, zlib.gzipSync(SCRIPT));

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ WEB_DIST_DIR: webDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

const getScript = (acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/assets/index-abc123.js',
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

describe('built assets are sent compressed', () => {
  it('sends the brotli file to a browser that accepts it, cached for a year', async () => {
    const response = await getScript('gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
  });

  it('sends gzip to a browser without brotli', async () => {
    const response = await getScript('gzip, deflate');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the plain file to a client that accepts no encoding', async () => {
    const response = await getScript();
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(SCRIPT);
  });
});

describe('pages prerendered signed out', () => {
  it('answers / and /login with their prerendered page to a visitor without a session cookie', async () => {
    for (const [url, page] of [
      ['/', LANDING],
      ['/login', LOGIN],
      ['/Login/?from=menu', LOGIN],
    ] as const) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toMatch(/cookie/i);
      expect(response.body).toBe(page);
    }
  });

  it('sends a prerendered page compressed when the build compressed it', async () => {
    const response = await get('/login', { 'accept-encoding': 'gzip, br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(LOGIN);
  });

  it('answers the shell to a visitor who may be signed in, the app drawing what the session calls for', async () => {
    const { cookie } = await makeSignedIn(t);
    for (const url of ['/', '/login']) {
      const response = await get(url, { cookie });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toMatch(/cookie/i);
      expect(response.body, url).toBe(SHELL);
    }
    // An ended session's cookie too: the app asks the server, as before.
    expect((await get('/login', { cookie: 'coulisses_session=fini' })).body).toBe(SHELL);
  });

  it('answers the shell on every other client route, signed in or not', async () => {
    for (const url of ['/videos', '/dashboard', '/nimportequoi', '/prerendered']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(SHELL);
    }
  });
});

describe("the build's inline script", () => {
  it('is allowed by its hash alone, on every answer, and no other inline script is', async () => {
    const hash = `'sha256-${crypto.createHash('sha256').update(BOOT).digest('base64')}'`;
    for (const url of ['/', '/login', '/videos', '/api/health']) {
      const csp = (await get(url)).headers['content-security-policy'] as string;
      const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1]?.split(' ');
      expect(scriptSrc, url).toEqual(["'self'", hash]);
      expect(csp, url).not.toContain('unsafe-inline');
    }
  });
});

describe('JSON answers over 1 KB are sent compressed', () => {
  it('compresses a large answer with brotli off the loop, and it reads the same once decoded', async () => {
    const plain = await get('/api/openapi.json');
    const compressed = await get('/api/openapi.json', { 'accept-encoding': 'gzip, br' });
    expect(plain.body.length).toBeGreaterThan(OFF_LOOP_LENGTH);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(zlib.brotliDecompressSync(compressed.rawPayload).toString())).toEqual(plain.json());
  });

  it('uses gzip when brotli is refused, and leaves a small answer alone', async () => {
    const plain = await get('/api/openapi.json');
    const gzipped = await get('/api/openapi.json', { 'accept-encoding': 'br;q=0, gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzipped.rawPayload).toString())).toEqual(plain.json());
    const small = await get('/api/health', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });

  it('compresses an answer built per request at the fastest levels, a kept public answer at stronger ones', async () => {
    const brotli = (text: string, quality: number) =>
      zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } });
    const built = (await get('/api/openapi.json')).body;
    expect((await get('/api/openapi.json', { 'accept-encoding': 'br' })).rawPayload).toEqual(
      brotli(built, 1),
    );
    expect((await get('/api/openapi.json', { 'accept-encoding': 'gzip' })).rawPayload).toEqual(
      zlib.gzipSync(built, { level: 1 }),
    );
    for (let i = 0; i < 40; i += 1) await seedCategory(t, 'video', `Rubrique numéro ${i}`);
    const kept = (await get('/api/public/video-categories')).body;
    expect((await get('/api/public/video-categories', { 'accept-encoding': 'br' })).rawPayload).toEqual(
      brotli(kept, 4),
    );
    expect((await get('/api/public/video-categories', { 'accept-encoding': 'gzip' })).rawPayload).toEqual(
      zlib.gzipSync(kept, { level: 6 }),
    );
  });

  it('sends a page of videos or subscribers compressed as any answer, though SQLite compresses it where it writes it', async () => {
    // On SQLite the page is written and compressed on the answer thread (ADR 051), on PostgreSQL
    // by the plugin: the client gets the same bytes either way.
    const superadmin = await makeSignedIn(t, { superadmin: true });
    const creator = await seedCreator(t, { title: 'Léa « compressée »' });
    for (let i = 0; i < 12; i += 1) await seedVideo(t, creator.id, `Compressée numéro ${i}`);
    await t.db
      .insertInto('users')
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          id: `compresse-${i}`,
          email: `abonne.${i}@compresse.fr`,
          password_hash: 'x',
          pseudonym: `Abonné « ${i} »`,
          is_creator: 0,
          is_superadmin: 0,
          created_at: Date.now(),
        })),
      )
      .execute();
    const creatorCookie = await signIn(t, creator.email);
    for (const [url, cookie] of [
      ['/api/videos?q=compress', superadmin.cookie],
      ['/api/videos/mine', creatorCookie],
      ['/api/users?q=compresse.fr', superadmin.cookie],
    ] as const) {
      const plain = await get(url, { cookie });
      expect(plain.json<{ items: unknown[] }>().items).toHaveLength(12);
      expect(plain.headers['content-encoding']).toBeUndefined();
      for (const [encoding, expected] of [
        ['br', zlib.brotliCompressSync(plain.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } })],
        ['gzip', zlib.gzipSync(plain.body, { level: 1 })],
      ] as const) {
        const compressed = await get(url, { cookie, 'accept-encoding': encoding });
        expect(compressed.statusCode).toBe(200);
        expect(compressed.headers['content-encoding']).toBe(encoding);
        expect(compressed.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(compressed.headers.vary).toMatch(/accept-encoding/i);
        expect(compressed.rawPayload).toEqual(expected);
      }
    }
    const none = await get('/api/videos?q=aucune-video-ici', {
      cookie: superadmin.cookie,
      'accept-encoding': 'br',
    });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.json()).toEqual({ items: [], nextCursor: null });
  });

  it('keeps the ETag of a compressed public answer, so the app still gets 304', async () => {
    for (let i = 0; i < 40; i += 1) await seedCategory(t, 'video', `Catégorie numéro ${i}`);
    const plain = await get('/api/public/video-categories');
    expect(plain.body.length).toBeLessThan(OFF_LOOP_LENGTH);
    const first = await get('/api/public/video-categories', { 'accept-encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(first.rawPayload).toString())).toEqual(plain.json());
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get('/api/public/video-categories', {
      'accept-encoding': 'br',
      'if-none-match': etag,
    });
    expect(again.statusCode).toBe(304);
  });
});
