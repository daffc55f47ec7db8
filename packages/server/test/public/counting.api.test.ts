import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@coulisses/domain/messages';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeUser, signIn } from '../factories.ts';
import { seedCreator, seedDiscount, seedVideo } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

let ipCounter = 0;
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const count = (event: string, id: string, options: { ip?: string; token?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/public/count/${event}/${id}`,
    remoteAddress: options.ip ?? freshIp(),
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
  });

/** The app's views and clicks, beside the other totals. */
async function totals() {
  const rows = await t.db
    .selectFrom('totals')
    .select(['name', 'value'])
    .where('name', 'in', ['views', 'clicks'])
    .execute();
  return Object.fromEntries(rows.map((row) => [row.name, Number(row.value)]));
}

async function creatorCounters(id: string) {
  const row = await t.db
    .selectFrom('creators')
    .select(['total_views', 'total_clicks'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { views: Number(row.total_views), clicks: Number(row.total_clicks) };
}

async function appToken(email: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/public/login',
    payload: { email, password: 'motdepasse-solide' },
  });
  return response.json().token as string;
}

describe('view and click counting', () => {
  it("a video view moves the creator's views and the platform total together", async () => {
    const creator = await seedCreator(t);
    const video = await seedVideo(t, creator.id, 'Comptée');
    const before = await totals();
    const response = await count('video-view', video);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ counted: true });
    expect(await creatorCounters(creator.id)).toEqual({ views: 1, clicks: 0 });
    expect((await totals()).views).toBe(before.views! + 1);
  });

  it('a creator-page click moves the clicks; discounts count their own views and clicks', async () => {
    const creator = await seedCreator(t);
    const discount = await seedDiscount(t, 'Promo', { startInDays: -1, endInDays: 3 });
    const before = await totals();
    await count('creator-click', creator.id);
    await count('discount-view', discount);
    await count('discount-click', discount);
    await count('discount-click', discount);
    expect(await creatorCounters(creator.id)).toEqual({ views: 0, clicks: 1 });
    const row = await t.db
      .selectFrom('discounts')
      .select(['views', 'clicks'])
      .where('id', '=', discount)
      .executeTakeFirstOrThrow();
    expect({ views: Number(row.views), clicks: Number(row.clicks) }).toEqual({ views: 1, clicks: 2 });
    expect(await totals()).toEqual({ views: before.views! + 1, clicks: before.clicks! + 3 });
  });

  it('the same client counting the same item again counts once', async () => {
    const creator = await seedCreator(t);
    const video = await seedVideo(t, creator.id, 'Rejouée');
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 10 }, () => count('video-view', video, { ip })));
    expect(answers.map((a) => a.json().counted).filter(Boolean)).toHaveLength(1);
    expect((await creatorCounters(creator.id)).views).toBe(1);
    // Another client still counts.
    await count('video-view', video);
    expect((await creatorCounters(creator.id)).views).toBe(2);
  });

  it("a signed-in subscriber's own totals grow too", async () => {
    const subscriber = await makeUser(t, { creator: false });
    const token = await appToken(subscriber.email);
    const creator = await seedCreator(t);
    const video = await seedVideo(t, creator.id, 'Vue par un abonné');
    await count('video-view', video, { token });
    await count('creator-click', creator.id, { token });
    const row = await t.db
      .selectFrom('users')
      .select(['total_views', 'total_clicks'])
      .where('id', '=', subscriber.id)
      .executeTakeFirstOrThrow();
    expect({ views: Number(row.total_views), clicks: Number(row.total_clicks) }).toEqual({
      views: 1,
      clicks: 1,
    });
  });

  it('unknown or hidden items answer 404 and count nothing', async () => {
    const hidden = await seedCreator(t, { live: false });
    const video = await seedVideo(t, hidden.id, 'Cachée');
    const before = await totals();
    expect((await count('video-view', 'inconnue')).statusCode).toBe(404);
    expect((await count('video-view', video)).statusCode).toBe(404);
    expect((await count('creator-click', hidden.id)).statusCode).toBe(404);
    expect((await count('discount-view', 'inconnue')).statusCode).toBe(404);
    expect((await count('like', video)).statusCode).toBe(400);
    expect(await totals()).toEqual(before);
    expect(await creatorCounters(hidden.id)).toEqual({ views: 0, clicks: 0 });
  });

  it('rate-limits a client that reports too fast, in French', async () => {
    const creator = await seedCreator(t);
    const ip = freshIp();
    const answers = [];
    for (let i = 0; i < 125; i += 1) answers.push(await count('creator-click', creator.id, { ip }));
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]!.json().error.message).toBe(MESSAGES.countingTooFast);
    expect(refused[0]!.headers['retry-after']).toBeDefined();
  });

  it("feeds the dashboard: the creator's views and clicks, the platform totals", async () => {
    const creator = await seedCreator(t);
    const video = await seedVideo(t, creator.id, 'Pour les stats');
    await count('video-view', video);
    await count('video-view', video);
    await count('creator-click', creator.id);
    const cookie = await signIn(t, creator.email);
    const stats = (
      await t.app.inject({ method: 'GET', url: '/api/stats/dashboard', headers: { cookie } })
    ).json();
    expect(stats.own).toMatchObject({ views: 2, clicks: 1 });
    const admin = await makeUser(t, { superadmin: true });
    const adminStats = (
      await t.app.inject({
        method: 'GET',
        url: '/api/stats/dashboard',
        headers: { cookie: await signIn(t, admin.email) },
      })
    ).json();
    expect(adminStats.platform).toMatchObject(await totals());
  });
});
