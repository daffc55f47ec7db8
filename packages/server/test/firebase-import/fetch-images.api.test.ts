import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFromFirebase } from '../../src/modules/firebase-import/firebase-import.service.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeImage } from '../images.ts';
import { youtube } from './original-app-export.ts';

let t: TestApp;
let server: http.Server;
let origin: string;

beforeAll(async () => {
  t = await buildTestApp();
  const photo = await makeImage(1600, 1200, 'jpeg');
  // Stands in for Firebase Storage: one picture, and a link that has gone.
  server = http.createServer((request, response) => {
    if (request.url === '/photo.jpg') response.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

describe('import firebase --fetch-images', () => {
  it('brings each image through the normal pipeline and keeps the URL of one it cannot fetch', async () => {
    const firestore = JSON.stringify({
      users: { 'u-1': { email: 'lea@original.fr', is_creator: true } },
      creators: { 'u-1': { title: 'Léa', is_live: true, is_active: true, videos: ['v-1'] } },
      video_categories: { c: { name: 'Cuisine' } },
      videos: {
        'v-1': {
          title: 'Tarte',
          video_url: youtube(1),
          creatorId: 'u-1',
          categories: ['c'],
          hor_img_url: `${origin}/photo.jpg`,
          ver_img_url: `${origin}/gone.jpg`,
        },
      },
    });
    const { report } = await importFromFirebase(
      t,
      { firestore },
      { dryRun: false, merge: false, fetchImages: true },
    );

    const video = await t.db
      .selectFrom('videos')
      .selectAll()
      .where('id', '=', 'v-1')
      .executeTakeFirstOrThrow();
    expect(video.hor_img_url).toMatch(/^videos\/u-1\/[\w-]+\.jpg$/);
    const stored = await t.storage.read(video.hor_img_url);
    const metadata = await sharp(stored!).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 900, 600]);

    expect(video.ver_img_url).toBe(`${origin}/gone.jpg`);
    expect(report.problems).toContainEqual({
      collection: 'videos',
      id: 'v-1',
      reason: 'image non téléchargée (HTTP 404) : l’URL d’origine est gardée',
    });
  });
});
