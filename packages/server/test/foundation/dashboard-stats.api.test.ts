import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DashboardStatsSchema } from '@coulisses/domain/schemas/stats';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeSignedIn, makeUser, type SignedIn } from '../factories.ts';

let t: TestApp;
let creator: SignedIn;
let otherCreator: SignedIn;
let superadmin: SignedIn;

function insertVideos(creatorId: string, count: number) {
  const insert = t.sqlite.prepare(
    `insert into videos (id, title, title_lowercase, title_search, hor_img_url, ver_img_url, video_url, creator_id, created_at)
     values (?, ?, ?, ?, '', '', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', ?, ?)`,
  );
  t.sqlite.transaction(() => {
    for (let i = 0; i < count; i += 1) {
      const title = `Vidéo ${i}`;
      insert.run(randomUUID(), title, title.toLowerCase(), title.toLowerCase(), creatorId, Date.now());
    }
  })();
}

function insertDiscounts(count: number) {
  const insert = t.sqlite.prepare(
    `insert into discounts (id, title, title_lowercase, title_search, link, start_date, end_date, image_url, created_at)
     values (?, 'Promo', 'promo', 'promo', 'https://exemple.fr', 0, 1, '', 0)`,
  );
  for (let i = 0; i < count; i += 1) insert.run(randomUUID());
}

beforeAll(async () => {
  t = await buildTestApp();
  creator = await makeSignedIn(t);
  otherCreator = await makeSignedIn(t);
  superadmin = await makeSignedIn(t, { superadmin: true });
  await makeUser(t, { creator: false });
  await makeUser(t, { creator: false });
  insertVideos(creator.id, 1234);
  insertVideos(otherCreator.id, 7);
  insertVideos(superadmin.id, 3);
  insertDiscounts(12);
  t.sqlite
    .prepare('update creators set total_views = ?, total_clicks = ? where id = ?')
    .run(1_234_567, 89, creator.id);
  t.sqlite.prepare("update totals set value = 2000000 where name = 'views'").run();
  t.sqlite.prepare("update totals set value = 4321 where name = 'clicks'").run();
});
afterAll(async () => {
  await t.close();
});

async function statsOf(user: SignedIn) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/stats/dashboard',
    headers: { cookie: user.cookie },
  });
  expect(response.statusCode).toBe(200);
  return DashboardStatsSchema.parse(response.json());
}

describe("'Tes stats'", () => {
  it('gives a creator their own counts and no platform counts', async () => {
    expect(await statsOf(creator)).toEqual({
      own: { videos: 1234, views: 1_234_567, clicks: 89 },
      platform: null,
    });
  });

  it('counts only the creator’s own videos, zero views and clicks until the app reports them', async () => {
    expect(await statsOf(otherCreator)).toEqual({ own: { videos: 7, views: 0, clicks: 0 }, platform: null });
  });

  it('gives the superadmin the platform counts as well as their own', async () => {
    expect(await statsOf(superadmin)).toEqual({
      own: { videos: 3, views: 0, clicks: 0 },
      platform: { users: 5, videos: 1244, discounts: 12, views: 2_000_000, clicks: 4321 },
    });
  });

  it('follows the data: a new video shows at once', async () => {
    insertVideos(otherCreator.id, 1);
    expect((await statsOf(otherCreator)).own.videos).toBe(8);
    expect((await statsOf(superadmin)).platform?.videos).toBe(1245);
  });
});
