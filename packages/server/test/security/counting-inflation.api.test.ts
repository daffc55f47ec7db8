import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeUser, TEST_PASSWORD } from '../factories.ts';
import { seedCreator, seedDiscount, seedVideo } from '../public/seed.ts';

/*
 * Inflating the app's counters: many accounts behind one address, one account behind many
 * addresses, and counts of things the app does not show.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await t.close();
});

let addressCounter = 0;
const freshAddress = () => `10.1.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

const count = (event: string, id: string, options: { ip: string; token?: string }) =>
  t.app.inject({
    method: 'POST',
    url: `/api/public/count/${event}/${id}`,
    remoteAddress: options.ip,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
  });

/** A subscriber signed in to the app, each from an address of its own so sign-in is not throttled. */
async function subscriberToken() {
  const user = await makeUser(t, { creator: false });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/public/login',
    remoteAddress: freshAddress(),
    payload: { email: user.email, password: TEST_PASSWORD },
  });
  return { id: user.id, token: response.json().token as string };
}

async function creatorViews(id: string) {
  const row = await t.db
    .selectFrom('creators')
    .select('total_views')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.total_views);
}

async function discountCounters(id: string) {
  const row = await t.db
    .selectFrom('discounts')
    .select(['views', 'clicks'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { views: Number(row.views), clicks: Number(row.clicks) };
}

async function totals() {
  const rows = await t.db.selectFrom('totals').select(['name', 'value']).execute();
  return Object.fromEntries(rows.map((row) => [row.name, Number(row.value)]));
}

describe('counting: one address or one account counts once', () => {
  it('twenty accounts from one address count one view', async () => {
    const creator = await seedCreator(t);
    const video = await seedVideo(t, creator.id, 'Vue par une ferme de comptes');
    const subscribers = await Promise.all(Array.from({ length: 20 }, () => subscriberToken()));
    const ip = freshAddress();
    const answers = [];
    for (const { token } of subscribers) answers.push(await count('video-view', video, { ip, token }));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.filter((answer) => answer.json().counted)).toHaveLength(1);
    expect(await creatorViews(creator.id)).toBe(1);
    const ownViews = await t.db
      .selectFrom('users')
      .select('total_views')
      .where(
        'id',
        'in',
        subscribers.map((s) => s.id),
      )
      .execute();
    expect(ownViews.map((row) => Number(row.total_views)).sort()).toEqual([...Array(19).fill(0), 1]);
  });

  it('one account from twenty addresses counts one view', async () => {
    const creator = await seedCreator(t);
    const video = await seedVideo(t, creator.id, 'Vue depuis vingt adresses');
    const { token } = await subscriberToken();
    for (let i = 0; i < 20; i += 1) await count('video-view', video, { ip: freshAddress(), token });
    expect(await creatorViews(creator.id)).toBe(1);
  });

  it('a refused repeat leaves no trace: another account at that new address still counts', async () => {
    const creator = await seedCreator(t);
    const video = await seedVideo(t, creator.id, 'Vue en déplacement');
    const alice = await subscriberToken();
    const bob = await subscriberToken();
    const [home, cafe] = [freshAddress(), freshAddress()];
    expect((await count('video-view', video, { ip: home, token: alice.token })).json()).toEqual({
      counted: true,
    });
    expect((await count('video-view', video, { ip: cafe, token: alice.token })).json()).toEqual({
      counted: false,
    });
    expect((await count('video-view', video, { ip: cafe, token: bob.token })).json()).toEqual({
      counted: true,
    });
    expect(await creatorViews(creator.id)).toBe(2);
  });

  it('the rate limit of an address covers every account behind it', async () => {
    const creator = await seedCreator(t);
    const accounts = await Promise.all(Array.from({ length: 5 }, () => subscriberToken()));
    const ip = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 125; i += 1) {
      const { token } = accounts[i % accounts.length]!;
      statuses.push((await count('creator-click', creator.id, { ip, token })).statusCode);
    }
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    // A fresh address is not held back by its neighbour's excess.
    expect((await count('creator-click', creator.id, { ip: freshAddress() })).statusCode).toBe(200);
  });
});

describe('counting: only what the app shows', () => {
  it('ended and not-yet-started discounts answer 404 and count nothing', async () => {
    const ended = await seedDiscount(t, 'Terminée', { startInDays: -10, endInDays: -2 });
    const upcoming = await seedDiscount(t, 'À venir', { startInDays: 2, endInDays: 10 });
    const before = await totals();
    for (const id of [ended, upcoming]) {
      expect((await count('discount-view', id, { ip: freshAddress() })).statusCode).toBe(404);
      expect((await count('discount-click', id, { ip: freshAddress() })).statusCode).toBe(404);
      expect(await discountCounters(id)).toEqual({ views: 0, clicks: 0 });
    }
    expect(await totals()).toEqual(before);
  });

  it('a discount counts through the whole of its last French day, and not a minute more', async () => {
    const june14 = Date.UTC(2026, 5, 14);
    const id = await seedDiscount(t, 'Un seul jour', { startInDays: 0, endInDays: 0 });
    await t.db
      .updateTable('discounts')
      .set({ start_date: june14, end_date: june14 })
      .where('id', '=', id)
      .execute();
    const at = async (instant: number) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(instant);
      const response = await count('discount-click', id, { ip: freshAddress() });
      vi.useRealTimers();
      return response.statusCode;
    };
    // 23:59 in Paris (summer time) is 21:59 UTC: still 14 June.
    expect(await at(Date.UTC(2026, 5, 14, 21, 59))).toBe(200);
    // 00:30 in Paris on 15 June is still 14 June in UTC.
    expect(await at(Date.UTC(2026, 5, 14, 22, 30))).toBe(404);
    // 23:30 UTC on 13 June is already 14 June in Paris.
    expect(await at(Date.UTC(2026, 5, 13, 22, 30))).toBe(200);
    expect(await at(Date.UTC(2026, 5, 13, 21, 30))).toBe(404);
    expect((await discountCounters(id)).clicks).toBe(2);
  });

  it("a suspended creator's page and videos count nothing", async () => {
    const suspended = await seedCreator(t, { active: false });
    const video = await seedVideo(t, suspended.id, 'Créateur suspendu');
    const before = await totals();
    expect((await count('video-view', video, { ip: freshAddress() })).statusCode).toBe(404);
    expect((await count('creator-click', suspended.id, { ip: freshAddress() })).statusCode).toBe(404);
    expect(await totals()).toEqual(before);
  });
});
