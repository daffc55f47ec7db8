import { makeImage } from '../images.ts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@coulisses/domain/messages';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeSignedIn, makeUser, type SignedIn } from '../factories.ts';
import { seedCategory } from '../public/seed.ts';
import { postVideo, videoForm } from '../videos/video-fixtures.ts';
import { discountForm } from '../discounts/discount-fixtures.ts';
import { pageForm, VALID_VIDEO } from '../page-settings/page-fixtures.ts';
import { stateOf } from './state-checksum.ts';

/*
 * Bad input and attacks: each must get a clear error and change nothing (rows and stored files
 * compared before and after).
 */

let t: TestApp;
let creator: SignedIn;
let admin: SignedIn;
let videoCategory: string;
let discountCategory: string;
let images: { horizontal: Buffer; vertical: Buffer };

beforeAll(async () => {
  t = await buildTestApp();
  creator = await makeSignedIn(t);
  admin = await makeSignedIn(t, { superadmin: true });
  // Published, as publishing asks: with a title and a featured video.
  await t.db
    .updateTable('creators')
    .set({ is_live: 1, title: 'Ma page', home_video_url: VALID_VIDEO })
    .where('id', '=', creator.id)
    .execute();
  videoCategory = await seedCategory(t, 'video', 'Sport');
  discountCategory = await seedCategory(t, 'discount', 'Mode');
  images = { horizontal: await makeImage(300, 200), vertical: await makeImage(200, 300) };
});
afterAll(async () => {
  await t.close();
});

/** Runs a request that must be refused, and proves it changed nothing. */
async function refused(
  request: () => Promise<{ statusCode: number; json: () => unknown }>,
  statuses: number[],
) {
  const before = await stateOf(t);
  const response = await request();
  expect(statuses).toContain(response.statusCode);
  const body = response.json() as { error: { code: string; message: string } };
  expect(body.error.message).toMatch(/\S/);
  expect(JSON.stringify(body)).not.toMatch(/at .+\.ts:\d+|node_modules/);
  expect(await stateOf(t)).toEqual(before);
  return body;
}

const json = (method: 'POST' | 'PUT', url: string, payload: string | object, cookie = admin.cookie) =>
  t.app.inject({
    method,
    url,
    headers: { cookie, 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

const addDiscount = (image: Buffer, filename = 'promo.jpg', fields: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/discounts',
    headers: { cookie: admin.cookie },
    payload: discountForm(
      {
        title: 'Remise',
        link: 'https://boutique.exemple.fr',
        start_date: '2026-06-01',
        end_date: '2026-06-30',
        categories: [discountCategory],
        ...fields,
      },
      image,
      filename,
    ),
  });

describe('sign-in attacks', () => {
  it('refuses operator injection and malformed JSON with 400', async () => {
    await refused(
      () => json('POST', '/api/auth/login', { email: { $ne: null }, password: { $ne: null } }),
      [400],
    );
    await refused(() => json('POST', '/api/auth/login', '{"email": "a@b.fr", "password": '), [400]);
    await refused(() => json('POST', '/api/auth/login', ['a@b.fr', 'x']), [400]);
  });

  it('refuses a 1 MB password before hashing it', async () => {
    await refused(
      () => json('POST', '/api/auth/login', { email: 'a@b.fr', password: 'x'.repeat(1024 * 1024) }),
      [413],
    );
    await refused(
      () => json('POST', '/api/auth/login', { email: 'a@b.fr', password: 'x'.repeat(200) }),
      [400],
    );
  });

  it('ignores a spoofed X-Forwarded-For when no trusted proxy is configured', async () => {
    const victim = await makeUser(t);
    let last = 0;
    for (let i = 0; i < 11; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
        payload: { email: victim.email, password: 'mauvais-mot' },
      });
      last = response.statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('cross-origin', () => {
  it('never reflects a foreign Origin in CORS headers', async () => {
    for (const request of [
      { url: '/api/public/videos', method: 'GET' as const },
      { url: '/api/auth/me', method: 'GET' as const },
      { url: '/api/video-categories', method: 'OPTIONS' as const },
    ]) {
      const response = await t.app.inject({
        ...request,
        headers: {
          origin: 'https://evil.example',
          cookie: admin.cookie,
          'access-control-request-method': 'POST',
        },
      });
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });
});

describe('input limits and shapes', () => {
  it('refuses unknown properties, prototype-pollution keys, wrong types and over-long strings', async () => {
    await refused(() => json('POST', '/api/video-categories', { name: 'Yoga', is_superadmin: true }), [400]);
    await refused(
      () => json('POST', '/api/video-categories', '{"name":"Yoga","__proto__":{"polluted":true}}'),
      [400],
    );
    await refused(
      () =>
        json(
          'POST',
          '/api/video-categories',
          '{"name":"Yoga","constructor":{"prototype":{"polluted":true}}}',
        ),
      [400],
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    await refused(() => json('POST', '/api/video-categories', { name: 42 }), [400]);
    await refused(() => json('POST', '/api/video-categories', { name: 'x'.repeat(10_000) }), [400]);
    await refused(() => json('POST', '/api/creators', { email: 'x'.repeat(300) + '@exemple.fr' }), [400]);
    await refused(
      () => t.app.inject({ url: `/api/videos?q=${'a'.repeat(500)}`, headers: { cookie: admin.cookie } }),
      [400],
    );
  });

  it('answers non-existent or malformed ids with 404 or 400, never 500', async () => {
    await refused(
      () =>
        t.app.inject({ method: 'DELETE', url: '/api/videos/inconnue', headers: { cookie: admin.cookie } }),
      [404],
    );
    await refused(
      () =>
        t.app.inject({
          method: 'DELETE',
          url: `/api/videos/${'x'.repeat(100)}`,
          headers: { cookie: admin.cookie },
        }),
      [400, 404],
    );
    await refused(() => json('PUT', '/api/creators/inconnu/status', { active: false }), [404]);
    await refused(
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/videos/inconnue/featured',
          headers: { cookie: admin.cookie },
        }),
      [404],
    );
    await refused(
      () => t.app.inject({ url: '/api/videos?after=%00%01', headers: { cookie: admin.cookie } }),
      [400],
    );
  });

  it('refuses bad dates and links that are not http(s)', async () => {
    for (const fields of [
      { start_date: '2026-13-45' },
      { end_date: 'demain' },
      { start_date: '2026-06-30', end_date: '2026-06-01' },
      { link: 'javascript:alert(1)' },
      { link: 'data:text/html,<script>alert(1)</script>' },
    ]) {
      await refused(() => addDiscount(images.horizontal, 'promo.png', fields), [400]);
    }
    for (const link of ['javascript:alert(1)', 'data:text/html;base64,PHNjcmlwdD4=', 'vbscript:msgbox']) {
      await refused(
        () =>
          t.app.inject({
            method: 'PUT',
            url: '/api/page',
            headers: { cookie: creator.cookie },
            payload: pageForm({ instagram_url: link }),
          }),
        [400],
      );
    }
  });
});

describe('a creator can never set fields they do not own', () => {
  it('through the page settings', async () => {
    for (const field of [
      'is_live',
      'is_active',
      'is_creator',
      'is_superadmin',
      'total_views',
      'total_clicks',
      'id',
      'email',
    ]) {
      await refused(
        () =>
          t.app.inject({
            method: 'PUT',
            url: '/api/page',
            headers: { cookie: creator.cookie },
            payload: pageForm(JSON.stringify({ title: 'Ok', [field]: field.startsWith('is_') ? true : 'x' })),
          }),
        [400],
      );
    }
  });

  it('through the add-video form', async () => {
    for (const extra of ['creator_id', 'creatorId', 'is_active', 'views']) {
      const form = videoForm({
        title: 'T',
        link: 'https://youtu.be/dQw4w9WgXcQ',
        categories: [videoCategory],
        ...images,
      });
      form.append(extra, 'autre');
      await refused(() => postVideo(t, creator.cookie, form), [400]);
    }
  });

  it('through the creator operations', async () => {
    const user = await makeUser(t, { creator: false });
    await refused(() => json('POST', '/api/creators', { email: user.email, is_superadmin: true }), [400]);
    await refused(
      () => json('PUT', `/api/creators/${creator.id}/status`, { active: false, is_live: true }),
      [400],
    );
  });
});

describe('uploads', () => {
  const truncatedJpeg = async () => (await makeImage(600, 400, 'jpeg')).subarray(0, 500);
  /** A tiny PNG whose header declares 65535 x 65535 pixels: a decompression bomb. */
  const pixelFlood = async () => {
    const png = Buffer.from(
      await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    );
    png.writeUInt32BE(65535, 16);
    png.writeUInt32BE(65535, 20);
    return png;
  };
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
  );

  it('refuses a non-image named .jpg, an SVG, a truncated JPEG and a pixel flood, storing nothing', async () => {
    const cases: [Buffer, string, string][] = [
      [Buffer.from('<html><script>alert(1)</script></html>'), 'photo.jpg', MESSAGES.imageInvalid],
      [svg, 'dessin.svg', MESSAGES.imageInvalid],
      [await truncatedJpeg(), 'coupee.jpg', MESSAGES.imageInvalid],
      [await pixelFlood(), 'bombe.png', MESSAGES.imageTooManyPixels],
    ];
    for (const [data, filename, message] of cases) {
      const body = await refused(() => addDiscount(data, filename), [400]);
      expect(body.error.message).toBe(message);
      const form = videoForm({
        title: 'T',
        link: 'https://youtu.be/dQw4w9WgXcQ',
        categories: [videoCategory],
        ...images,
      });
      form.set('vertical', new Blob([new Uint8Array(data)]), filename);
      await refused(() => postVideo(t, creator.cookie, form), [400]);
    }
  });

  it('refuses a file over the size limit and too many files', async () => {
    await refused(() => addDiscount(Buffer.alloc(16 * 1024 * 1024, 1), 'enorme.jpg'), [413]);
    const form = videoForm({
      title: 'T',
      link: 'https://youtu.be/dQw4w9WgXcQ',
      categories: [videoCategory],
      ...images,
    });
    for (let i = 0; i < 5; i += 1)
      form.append(`extra${i}`, new Blob([new Uint8Array(images.vertical)]), 'x.png');
    await refused(() => postVideo(t, creator.cookie, form), [400, 413]);
  });

  it('ignores a path in the file name and strips EXIF and GPS from what it stores', async () => {
    const withGps = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3a7' } })
      .withExif({
        IFD0: { Make: 'Téléphone', Model: 'Secret' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '48/1 51/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '2/1 21/1 0/1',
        },
      })
      .jpeg()
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const response = await addDiscount(withGps, '../../../../etc/passwd.jpg');
    expect(response.statusCode).toBe(201);
    const keys: string[] = [];
    for await (const key of t.storage.list()) keys.push(key);
    expect(keys.every((key) => /^(videos|creators|discount_images)\/[\w/-]+\.jpg$/.test(key))).toBe(true);
    expect(keys.some((key) => key.includes('passwd'))).toBe(false);
    for (const key of keys.filter((k) => k.startsWith('discount_images/'))) {
      const stored = await t.storage.read(key);
      const metadata = await sharp(stored!).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect({ width: metadata.width, height: metadata.height, format: metadata.format }).toEqual({
        width: 900,
        height: 600,
        format: 'jpeg',
      });
      const served = await t.app.inject({ url: `/files/${key}` });
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe('stored XSS', () => {
  it('stores markup exactly as typed and answers it as JSON data, never as HTML', async () => {
    const payload = `<img src=x onerror="alert(1)"><script>alert(1)</script>`;
    const created = await json('POST', '/api/video-categories', { name: payload });
    expect(created.statusCode).toBe(201);
    const list = await t.app.inject({ url: '/api/video-categories', headers: { cookie: admin.cookie } });
    expect(list.headers['content-type']).toMatch(/^application\/json/);
    expect(list.json().map((c: { name: string }) => c.name)).toContain(payload);

    const script = `<script src="https://lebavard.fr/widget.js" data-id="42"></script>\n`;
    const withMarkup = `${script}<img src=x onerror=alert(1)>`;
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/page',
      headers: { cookie: creator.cookie },
      payload: pageForm({ lebavard_url: withMarkup }),
    });
    expect(refused.statusCode).toBe(400);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/page',
      headers: { cookie: creator.cookie },
      payload: pageForm({ lebavard_url: script, bio: payload, title: payload }),
    });
    expect(saved.statusCode).toBe(200);
    const page = (await t.app.inject({ url: '/api/page', headers: { cookie: creator.cookie } })).json();
    expect(page).toMatchObject({ lebavard_url: script, bio: payload, title: payload });
  });
});
