import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@coulisses/domain/schemas/common';
import type { AppContext } from '../../src/context.ts';
import { JsonBytes } from '../../src/lib/json-bytes.ts';
import {
  absoluteUrls,
  listCuratedVideos,
  listCurrentDiscounts,
  listVideos,
} from '../../src/modules/catalogue/catalogue.service.ts';
import { listDiscounts } from '../../src/modules/discounts/discounts.service.ts';
import { listAllVideos } from '../../src/modules/videos/videos.service.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { recordingStatements } from '../database-reads.ts';
import { seedCategory, seedCreator, seedDiscount, seedVideo, setList } from '../public/seed.ts';

// Videos and discounts keep their category ids in a column the link tables' triggers maintain
// (migration 2026_12_02_160), so lists read them with their rows. Runs on both databases.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const videoCategoryIds = async (id: string) =>
  (await t.db.selectFrom('videos').select('category_ids').where('id', '=', id).executeTakeFirstOrThrow())
    .category_ids;
const discountCategoryIds = async (id: string) =>
  (await t.db.selectFrom('discounts').select('category_ids').where('id', '=', id).executeTakeFirstOrThrow())
    .category_ids;

describe('category ids kept on each video and discount', () => {
  it("follow every change of a video's links, in id order, whoever writes them", async () => {
    const [a, b, c, d] = (
      await Promise.all(
        ['Cuisine', 'Voyage', 'Sport', 'Musique'].map((name) => seedCategory(t, 'video', name)),
      )
    ).sort();
    const creator = await seedCreator(t);
    const video = await seedVideo(t, creator.id, 'Tarte aux pommes', [c!, a!]);
    expect(await videoCategoryIds(video)).toBe(`${a},${c}`);

    await t.db.insertInto('video_category_links').values({ video_id: video, category_id: b! }).execute();
    expect(await videoCategoryIds(video)).toBe(`${a},${b},${c}`);
    await t.db
      .updateTable('video_category_links')
      .set({ category_id: d! })
      .where('video_id', '=', video)
      .where('category_id', '=', c!)
      .execute();
    expect(await videoCategoryIds(video)).toBe(`${a},${b},${d}`);
    await t.db.deleteFrom('video_category_links').where('video_id', '=', video).execute();
    expect(await videoCategoryIds(video)).toBe('');

    // The other video's links are not its own: a change there leaves it alone.
    const other = await seedVideo(t, creator.id, 'Crêpes', [b!]);
    expect(await videoCategoryIds(video)).toBe('');
    expect(await videoCategoryIds(other)).toBe(b);
  });

  it("follow every change of a discount's links", async () => {
    const [a, b] = [
      await seedCategory(t, 'discount', 'Mode'),
      await seedCategory(t, 'discount', 'Maison'),
    ].sort();
    const discount = await seedDiscount(t, '-20 % chez Colette', { startInDays: -1, endInDays: 5 }, [b!]);
    expect(await discountCategoryIds(discount)).toBe(b);
    await t.db
      .insertInto('discount_category_links')
      .values({ discount_id: discount, category_id: a! })
      .execute();
    expect(await discountCategoryIds(discount)).toBe(`${a},${b}`);
    await t.db
      .deleteFrom('discount_category_links')
      .where('discount_id', '=', discount)
      .where('category_id', '=', b!)
      .execute();
    expect(await discountCategoryIds(discount)).toBe(a);
  });

  /** The discounts listDiscounts answers, written by SQLite or not. */
  /** A page's items, whether SQLite wrote it or the service built it. */
  const itemsOf = <Item>(answer: Page<Item> | JsonBytes): Item[] =>
    answer instanceof JsonBytes ? (JSON.parse(answer.bytes.toString()) as Page<Item>).items : answer.items;
  const discountsOf = async (context: AppContext, query: { q?: string }) =>
    itemsOf(await listDiscounts(context, query));

  it('are what every list reads: none of them looks up the links', async () => {
    const category = await seedCategory(t, 'video', 'Concerts');
    const discountCategory = await seedCategory(t, 'discount', 'Concerts');
    const creator = await seedCreator(t);
    const video = await seedVideo(t, creator.id, 'Concert acoustique', [category]);
    await setList(t, 'featured_videos', [video]);
    await seedDiscount(t, 'Concert à moitié prix', { startInDays: -1, endInDays: 5 }, [discountCategory]);

    const { db, statements } = recordingStatements(t.db);
    const context: AppContext = { ...t, db };
    const url = absoluteUrls(t.storage, 'https://api.coulisses.fr');

    const answers = [
      (await listVideos(context, url, {})).items,
      (await listCuratedVideos(context, url, 'featured')).items,
      itemsOf(await listAllVideos(context, { q: 'concert' })),
      (await listCurrentDiscounts(context, url, {})).items,
      await discountsOf(context, { q: 'concert' }),
      await discountsOf(context, {}),
    ];
    for (const items of answers.slice(0, 3)) {
      expect(items.find((item) => item.id === video)?.categories).toEqual([category]);
    }
    for (const items of answers.slice(3)) {
      expect(items.find((item) => item.title === 'Concert à moitié prix')?.categories).toEqual([
        discountCategory,
      ]);
    }
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.filter((statement) => statement.includes('category_links'))).toEqual([]);
  });
});
