import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DashboardStatsSchema } from '@coulisses/domain/schemas/stats';
import type { ActiveSession } from '../../src/plugins/session-auth.ts';
import { dashboardStats } from '../../src/modules/stats/stats.service.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { recordingStatements, rowCount } from '../database-reads.ts';
import { makeSignedIn, makeUser, type SignedIn } from '../factories.ts';

let t: TestApp;
let creator: SignedIn;
let otherCreator: SignedIn;
let superadmin: SignedIn;

// Multi-row inserts in batches keep the seeding fast and under both databases' parameter limits.
const BATCH = 500;

async function insertVideos(creatorId: string, count: number) {
  const rows = Array.from({ length: count }, (_, i) => {
    const title = `Vidéo ${i}`;
    return {
      id: randomUUID(),
      title,
      title_lowercase: title.toLowerCase(),
      title_search: title.toLowerCase(),
      hor_img_url: '',
      ver_img_url: '',
      video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      creator_id: creatorId,
      created_at: Date.now(),
    };
  });
  await t.db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += BATCH) {
      await trx
        .insertInto('videos')
        .values(rows.slice(start, start + BATCH))
        .execute();
    }
  });
}

async function insertDiscounts(count: number) {
  const rows = Array.from({ length: count }, () => ({
    id: randomUUID(),
    title: 'Promo',
    title_lowercase: 'promo',
    title_search: 'promo',
    link: 'https://exemple.fr',
    code: '',
    start_date: 0,
    end_date: 1,
    image_url: '',
    created_at: 0,
  }));
  await t.db.insertInto('discounts').values(rows).execute();
}

beforeAll(async () => {
  t = await buildTestApp();
  creator = await makeSignedIn(t);
  otherCreator = await makeSignedIn(t);
  superadmin = await makeSignedIn(t, { superadmin: true });
  await makeUser(t, { creator: false });
  await makeUser(t, { creator: false });
  await insertVideos(creator.id, 1234);
  await insertVideos(otherCreator.id, 7);
  await insertVideos(superadmin.id, 3);
  await insertDiscounts(12);
  await t.db
    .updateTable('creators')
    .set({ total_views: 1_234_567, total_clicks: 89 })
    .where('id', '=', creator.id)
    .execute();
  await t.db.updateTable('totals').set({ value: 2_000_000 }).where('name', '=', 'views').execute();
  await t.db.updateTable('totals').set({ value: 4321 }).where('name', '=', 'clicks').execute();
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
      own: { videos: 1234, views: 1_234_567, clicks: 89, comments: 0, new_comments: 0 },
      platform: null,
    });
  });

  it('counts only the creator’s own videos, zero views and clicks until the app reports them', async () => {
    expect(await statsOf(otherCreator)).toEqual({
      own: { videos: 7, views: 0, clicks: 0, comments: 0, new_comments: 0 },
      platform: null,
    });
  });

  it('gives the superadmin the platform counts as well as their own', async () => {
    expect(await statsOf(superadmin)).toEqual({
      own: { videos: 3, views: 0, clicks: 0, comments: 0, new_comments: 0 },
      platform: {
        users: 5,
        videos: 1244,
        discounts: 12,
        views: 2_000_000,
        clicks: 4321,
        reported_comments: 0,
      },
    });
  });

  it('follows the data: a new video shows at once', async () => {
    await insertVideos(otherCreator.id, 1);
    expect((await statsOf(otherCreator)).own.videos).toBe(8);
    expect((await statsOf(superadmin)).platform?.videos).toBe(1245);
  });

  it('follows deletions too, and agrees with the rows themselves', async () => {
    const before = (await statsOf(superadmin)).platform!;
    const leaving = await makeUser(t, { creator: false });
    const videos = await t.db
      .selectFrom('videos')
      .select('id')
      .where('creator_id', '=', creator.id)
      .limit(10)
      .execute();
    await t.db
      .deleteFrom('videos')
      .where(
        'id',
        'in',
        videos.map((video) => video.id),
      )
      .execute();
    await t.db
      .deleteFrom('discounts')
      .where('id', 'in', t.db.selectFrom('discounts').select('id').limit(2))
      .execute();
    await t.db.deleteFrom('users').where('id', '=', leaving.id).execute();

    const after = (await statsOf(superadmin)).platform!;
    expect(after).toMatchObject({
      users: before.users,
      videos: before.videos - 10,
      discounts: before.discounts - 2,
    });
    expect((await statsOf(creator)).own.videos).toBe(1224);
    expect(after).toMatchObject({
      users: await rowCount(t.db, 'users'),
      videos: await rowCount(t.db, 'videos'),
      discounts: await rowCount(t.db, 'discounts'),
    });
  });

  it('counts no rows when asked: the counts are kept as rows come and go', async () => {
    const { db, statements } = recordingStatements(t.db);
    const session = { user: { id: superadmin.id, is_superadmin: true } } as ActiveSession;
    await dashboardStats({ ...t, db }, session);
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.filter((statement) => /from "(users|videos|discounts)"/.test(statement))).toEqual([]);
  });
});
