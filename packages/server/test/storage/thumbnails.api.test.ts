import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@coulisses/domain/messages';
import { THUMBNAIL_WIDTH } from '@coulisses/domain/constants/limits';
import { thumbnailKeyOf } from '../../src/lib/storage.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeSignedIn } from '../factories.ts';
import { seedCreator, seedVideo } from '../public/seed.ts';
import { startS3Server, type S3Server } from '../s3-server.ts';
import { addVideo, makeLiveCreator, makeVideoCategory } from '../videos/video-fixtures.ts';
import { uploadImage } from './upload-image.ts';

let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.close();
});

const keyOf = (url: string) => url.slice('/files/'.length);

/** The first page of discounts, as a superadmin signed in for it sees them. */
async function listDiscounts(t: TestApp) {
  const superadmin = await makeSignedIn(t, { superadmin: true });
  const listed = await t.app.inject({
    method: 'GET',
    url: '/api/discounts',
    headers: { cookie: superadmin.cookie },
  });
  const discounts = listed.json<{ items: { id: string; image_url: string }[] }>().items;
  return { superadmin, discounts };
}
const thumbnailUrlOf = (url: string) => `/files/thumbnails/${keyOf(url)}`;

describe.each([
  ['disk', () => ({})],
  ['S3', () => s3.env],
])('thumbnails of stored images, on %s', (_kind, env) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(env());
  });
  afterAll(async () => {
    await t.close();
  });

  it('makes a 300-pixel thumbnail at the first request, then serves the stored one', async () => {
    const url = await uploadImage(t);
    const thumbnailKey = thumbnailKeyOf(keyOf(url));
    expect(await t.storage.exists(thumbnailKey)).toBe(false);

    const first = await t.app.inject({ method: 'GET', url: thumbnailUrlOf(url) });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('image/jpeg');
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    const metadata = await sharp(first.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: THUMBNAIL_WIDTH, height: 200 });
    const original = (await t.storage.read(keyOf(url)))!;
    expect(first.rawPayload.length).toBeLessThan(original.length / 3);
    expect((await t.storage.read(thumbnailKey))?.equals(first.rawPayload)).toBe(true);

    const second = await t.app.inject({ method: 'GET', url: thumbnailUrlOf(url) });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const cached = await t.app.inject({
      method: 'GET',
      url: thumbnailUrlOf(url),
      headers: { 'if-none-match': String(second.headers.etag) },
    });
    expect(cached.statusCode).toBe(304);
  });

  it('makes one thumbnail for many first requests at once', async () => {
    const url = await uploadImage(t);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => t.app.inject({ method: 'GET', url: thumbnailUrlOf(url) })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    const stored = (await t.storage.read(thumbnailKeyOf(keyOf(url))))!;
    for (const answer of answers) expect(answer.rawPayload.equals(stored)).toBe(true);
  });

  it.each([
    '/files/thumbnails/discount_images/absente.jpg',
    '/files/thumbnails/thumbnails/discount_images/x.jpg',
    '/files/thumbnails/.trash/discount_images/x.jpg',
    '/files/thumbnails/../coulisses.sqlite',
    '/files/thumbnails/%2e%2e/coulisses.sqlite',
    '/files/thumbnails/videos/x.png',
  ])('answers %s with a 404 JSON error', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: MESSAGES.notFound } });
  });

  it('makes none for a removed image, and removes a thumbnail with its image', async () => {
    const removedFirst = await uploadImage(t);
    await t.storage.remove(keyOf(removedFirst));
    expect((await t.app.inject({ method: 'GET', url: thumbnailUrlOf(removedFirst) })).statusCode).toBe(404);
    expect(await t.storage.exists(thumbnailKeyOf(keyOf(removedFirst)))).toBe(false);

    const url = await uploadImage(t);
    const { superadmin, discounts } = await listDiscounts(t);
    const discount = discounts.find((each) => each.image_url === url)!;
    expect((await t.app.inject({ method: 'GET', url: thumbnailUrlOf(discount.image_url) })).statusCode).toBe(
      200,
    );
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/discounts/${discount.id}`,
      headers: { cookie: superadmin.cookie },
    });
    expect(deleted.statusCode).toBeLessThan(300);
    expect(await t.storage.exists(thumbnailKeyOf(keyOf(discount.image_url)))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: thumbnailUrlOf(discount.image_url) })).statusCode).toBe(
      404,
    );
  });
});

describe('thumbnail URLs in the answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives the back-office each card its thumbnail, and the app its original fields only', async () => {
    const creator = await makeLiveCreator(t);
    await addVideo(t, creator, await makeVideoCategory(t), 'Vignette');
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/videos/mine',
      headers: { cookie: creator.cookie },
    });
    const video = mine.json<{ items: { hor_img_url: string; hor_img_thumb_url: string | null }[] }>()
      .items[0]!;
    expect(video.hor_img_thumb_url).toBe(thumbnailUrlOf(video.hor_img_url));
    expect((await t.app.inject({ method: 'GET', url: video.hor_img_thumb_url! })).statusCode).toBe(200);

    const discountUrl = await uploadImage(t);
    expect((await listDiscounts(t)).discounts).toContainEqual(
      expect.objectContaining({ image_url: discountUrl, image_thumb_url: thumbnailUrlOf(discountUrl) }),
    );

    const app = await t.app.inject({ method: 'GET', url: '/api/public/videos' });
    const appVideo = app.json<{ items: Record<string, unknown>[] }>().items[0]!;
    expect(appVideo).toHaveProperty('hor_img_url');
    expect(appVideo).not.toHaveProperty('hor_img_thumb_url');
  });

  it('gives no thumbnail to an image still kept outside (moved in from Firebase)', async () => {
    const owner = await seedCreator(t);
    const id = await seedVideo(t, owner.id, 'Restée chez Firebase');
    const outside = 'https://firebasestorage.googleapis.com/v0/b/app/o/h.jpg';
    await t.db.updateTable('videos').set({ hor_img_url: outside }).where('id', '=', id).execute();
    const superadmin = await makeSignedIn(t, { superadmin: true });
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/videos?q=${encodeURIComponent('Restée chez Firebase')}`,
      headers: { cookie: superadmin.cookie },
    });
    const video = answer.json<{ items: { hor_img_url: string; hor_img_thumb_url: string | null }[] }>()
      .items[0]!;
    expect(video).toMatchObject({ hor_img_url: outside, hor_img_thumb_url: null });
  });
});
