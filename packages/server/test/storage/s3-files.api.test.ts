import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@coulisses/domain/messages';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { startS3Server, type S3Server } from '../s3-server.ts';
import { uploadImage } from './upload-image.ts';

let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.close();
});

describe('uploaded images on S3, served through /files/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(s3.env);
  });
  afterAll(async () => {
    await t.close();
  });

  it('streams the bucket object back byte for byte, cached forever', async () => {
    const url = await uploadImage(t);
    expect(url).toMatch(/^\/files\/discount_images\/[\w-]+\.jpg$/);
    const key = url.slice('/files/'.length);
    const stored = await t.storage.read(key);

    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(response.headers['content-length'])).toBe(stored?.length);
    expect(response.rawPayload.equals(stored!)).toBe(true);

    const etag = String(response.headers.etag);
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const since = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'if-modified-since': String(response.headers['last-modified']) },
    });
    expect(since.statusCode).toBe(304);
  });

  it.each([
    '/files/discount_images/absente.jpg',
    '/files/.trash/discount_images/x.jpg',
    '/files/../coulisses.sqlite',
    '/files/%2e%2e/coulisses.sqlite',
    '/files/videos/x.png',
  ])('answers %s with a 404 JSON error', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: MESSAGES.notFound } });
  });

  it('never serves a removed file from the trash', async () => {
    const url = await uploadImage(t);
    await t.storage.remove(url.slice('/files/'.length));
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});

describe('uploaded images on S3 with S3_PUBLIC_URL', () => {
  let t: TestApp;
  let publicUrl: string;
  beforeAll(async () => {
    publicUrl = `${s3.env.S3_ENDPOINT}/${s3.env.S3_BUCKET}/`;
    t = await buildTestApp({ ...s3.env, S3_PUBLIC_URL: publicUrl });
  });
  afterAll(async () => {
    await t.close();
  });

  it('links images at the public URL, where the bucket serves the same bytes', async () => {
    const url = await uploadImage(t);
    expect(url.startsWith(`${publicUrl}discount_images/`)).toBe(true);
    const key = url.slice(publicUrl.length);

    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await response.arrayBuffer()).equals((await t.storage.read(key))!)).toBe(true);
    // Links written before S3_PUBLIC_URL was set keep working.
    expect((await t.app.inject({ method: 'GET', url: `/files/${key}` })).statusCode).toBe(200);
  });

  it('lets pages show images from that origin', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const imgSrc = String(response.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.trim().startsWith('img-src'));
    expect(imgSrc).toContain(new URL(publicUrl).origin);
  });
});

describe('readiness on S3', () => {
  it('answers /api/health 503 while the bucket is out of reach', async () => {
    const own = await startS3Server();
    const t = await buildTestApp(own.env);
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      await own.close();
      const down = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(down.statusCode).toBe(503);
      expect(down.json().error.code).toBe('service_unavailable');
    } finally {
      await t.close();
      await own.close();
    }
  });
});
