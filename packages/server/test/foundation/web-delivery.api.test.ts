import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.ts';

/** A built web app as `vite build` leaves it: assets with their .br and .gz beside them. */
const SCRIPT = `console.log(${JSON.stringify('coulisses '.repeat(400))});`;
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coulisses-web-'));
fs.mkdirSync(path.join(webDir, 'assets'));
fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
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
