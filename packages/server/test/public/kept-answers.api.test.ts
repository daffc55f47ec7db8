import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../src/db/database.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { seedCategory, seedCreator, seedDiscount, seedVideo, setList } from './seed.ts';

/*
 * The public answers a process keeps and serves again while the app's content has not changed
 * (docs/decisions/032-public-answers-kept-until-content-changes.md): the same bytes as a fresh
 * answer, and whatever any writer changes shows at the next request.
 */

let t: TestApp;
let other: OpenDatabase;
beforeAll(async () => {
  t = await buildTestApp();
  // Another connection (SQLite) or pool (PostgreSQL): a writer the server's own code never sees.
  other = openDatabase(t.config);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const br = { 'accept-encoding': 'br' };
const get = (url: string, headers: Record<string, string> = br) =>
  t.app.inject({ method: 'GET', url, headers });
const cacheOf = (response: { headers: Record<string, unknown> }) => response.headers['server-timing'];
const HIT = 'cache;desc="hit"';
const MISS = 'cache;desc="miss"';

describe('kept public answers', () => {
  it('answers again with the same bytes and tag, kept apart per encoding', async () => {
    const creator = await seedCreator(t);
    for (let i = 0; i < 12; i += 1) await seedVideo(t, creator.id, `Recette numéro ${i} de la semaine`);

    const first = await get('/api/public/videos');
    const again = await get('/api/public/videos');
    expect([cacheOf(first), cacheOf(again)]).toEqual([MISS, HIT]);
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-encoding']).toBe('br');
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toBe('public, max-age=30');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const page = JSON.parse(zlib.brotliDecompressSync(again.rawPayload).toString());
    expect(page.items).toHaveLength(12);

    // A client that takes no compression gets plain JSON, never the compressed bytes.
    const plain = await get('/api/public/videos', {});
    const plainAgain = await get('/api/public/videos', {});
    expect([cacheOf(plain), cacheOf(plainAgain)]).toEqual([MISS, HIT]);
    expect(plainAgain.headers['content-encoding']).toBeUndefined();
    expect(plainAgain.json()).toEqual(page);

    const held = await get('/api/public/videos', { ...br, 'if-none-match': String(first.headers.etag) });
    expect(cacheOf(held)).toBe(HIT);
    expect(held.statusCode).toBe(304);
    expect(held.rawPayload).toHaveLength(0);
  });

  it('answers 304 to a client holding an answer built again, and keeps that answer', async () => {
    const creator = await seedCreator(t, { title: 'Déjà vue' });
    const elsewhere = await seedCreator(t);
    const url = `/api/public/creators/${creator.id}`;
    const tag = String((await get(url)).headers.etag);
    // The content moves, though not this page: it is built again, to the same bytes.
    await other.db.updateTable('creators').set({ bio: 'Ailleurs' }).where('id', '=', elsewhere.id).execute();
    const rebuilt = await get(url, { ...br, 'if-none-match': tag });
    expect([cacheOf(rebuilt), rebuilt.statusCode, rebuilt.headers.etag]).toEqual([MISS, 304, tag]);
    const again = await get(url);
    expect([cacheOf(again), again.statusCode, again.headers.etag]).toEqual([HIT, 200, tag]);
  });

  it('shows at the next request what another process wrote', async () => {
    const creator = await seedCreator(t, { title: 'Avant' });
    const url = `/api/public/creators/${creator.id}`;
    await get(url);
    expect(cacheOf(await get(url))).toBe(HIT);

    await other.db.updateTable('creators').set({ title: 'Après' }).where('id', '=', creator.id).execute();
    const after = await get(url, {});
    expect(cacheOf(after)).toBe(MISS);
    expect(after.json().title).toBe('Après');

    await other.db.updateTable('creators').set({ is_active: 0 }).where('id', '=', creator.id).execute();
    expect((await get(url)).statusCode).toBe(404);
  });

  it('keeps its answers through counts, which change no content', async () => {
    const discount = await seedDiscount(t, 'Une place offerte', { startInDays: -1, endInDays: 1 });
    await get('/api/public/discounts');
    expect(cacheOf(await get('/api/public/discounts'))).toBe(HIT);

    const counted = await t.app.inject({
      method: 'POST',
      url: `/api/public/count/discount-view/${discount}`,
      remoteAddress: '203.0.113.40',
    });
    expect(counted.json()).toEqual({ counted: true });
    expect(cacheOf(await get('/api/public/discounts'))).toBe(HIT);
    const row = await t.db
      .selectFrom('discounts')
      .select('views')
      .where('id', '=', discount)
      .executeTakeFirstOrThrow();
    expect(Number(row.views)).toBe(1);
  });
});

describe('the content version', () => {
  const version = async () =>
    Number((await t.db.selectFrom('content_version').select('value').executeTakeFirstOrThrow()).value);
  /** Whether `write` moved the version. */
  async function moves(write: () => Promise<unknown>): Promise<boolean> {
    const before = await version();
    await write();
    return (await version()) > before;
  }

  it('moves with every change of a table the app reads, by whoever writes', async () => {
    const creator = await seedCreator(t);
    const db = other.db;
    const category = await seedCategory(t, 'video', 'Voyages');
    const discountCategory = await seedCategory(t, 'discount', 'Mode');
    let video = '';
    let discount = '';
    const changes: [string, () => Promise<unknown>][] = [
      ['a video added', async () => (video = await seedVideo(t, creator.id, 'Lisbonne'))],
      [
        'a video renamed',
        () => db.updateTable('videos').set({ title: 'Porto' }).where('id', '=', video).execute(),
      ],
      ['a category added', () => seedCategory(t, 'video', 'Montagne')],
      [
        'a category renamed',
        () => db.updateTable('video_categories').set({ name: 'Îles' }).where('id', '=', category).execute(),
      ],
      [
        'a video filed',
        () =>
          db.insertInto('video_category_links').values({ video_id: video, category_id: category }).execute(),
      ],
      [
        'a video unfiled',
        () => db.deleteFrom('video_category_links').where('video_id', '=', video).execute(),
      ],
      ['the featured list', () => setList(t, 'featured_videos', [video])],
      ['the latest list', () => setList(t, 'latest_videos', [video])],
      [
        'a page edited',
        () => db.updateTable('creators').set({ bio: 'Tout' }).where('id', '=', creator.id).execute(),
      ],
      [
        'a discount added',
        async () =>
          (discount = await seedDiscount(t, 'Soldes', { startInDays: 0, endInDays: 3 }, [discountCategory])),
      ],
      [
        'a discount edited',
        () => db.updateTable('discounts').set({ code: 'ETE' }).where('id', '=', discount).execute(),
      ],
      [
        'a discount category renamed',
        () =>
          db
            .updateTable('discount_categories')
            .set({ name: 'Sport' })
            .where('id', '=', discountCategory)
            .execute(),
      ],
      [
        'a discount unfiled',
        () => db.deleteFrom('discount_category_links').where('discount_id', '=', discount).execute(),
      ],
      ['a discount removed', () => db.deleteFrom('discounts').where('id', '=', discount).execute()],
      ['a video removed', () => db.deleteFrom('videos').where('id', '=', video).execute()],
    ];
    for (const [change, write] of changes) expect(await moves(write), change).toBe(true);
  });

  it('moves for a transaction of many changes, and not for a count', async () => {
    const creator = await seedCreator(t);
    const before = await version();
    await t.db.transaction().execute(async (trx) => {
      await trx.updateTable('creators').set({ bio: 'Un' }).where('id', '=', creator.id).execute();
      await trx.updateTable('creators').set({ bio: 'Deux' }).where('id', '=', creator.id).execute();
    });
    const after = await version();
    expect(after).toBeGreaterThan(before);

    const counts = () =>
      t.db
        .updateTable('creators')
        .set((eb) => ({ total_views: eb('total_views', '+', 1), total_clicks: eb('total_clicks', '+', 1) }))
        .where('id', '=', creator.id)
        .execute();
    expect(await moves(counts)).toBe(false);
  });
});
