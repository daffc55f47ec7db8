import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Database } from '../../src/db/database.ts';
import { isPostgres } from '../../src/db/dialect.ts';
import { newId } from '../../src/lib/ids.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { keptCounts, makeMember } from '../comments/comment-fixtures.ts';
import { seedCategory, seedCreator, seedVideo } from '../public/seed.ts';

// What a bulk load writes (the demo, an import, a copy): hundreds of rows per statement, all in one
// transaction. The counts and lists kept by triggers must come out as row-by-row writes leave them,
// and on PostgreSQL each kept row is written once per statement, not once per row
// (migration 2026_12_04_180, docs/decisions/033-counts-per-statement.md). Runs on both databases.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const VIDEOS = 300;

function videoRows(creators: readonly string[]) {
  return Array.from({ length: VIDEOS }, (_, index) => {
    const id = newId();
    const creator = creators[index % creators.length]!;
    return {
      id,
      title: `Vidéo ${index}`,
      title_lowercase: `vidéo ${index}`,
      title_search: `video ${index}`,
      hor_img_url: `videos/${creator}/h-${id}.jpg`,
      ver_img_url: `videos/${creator}/v-${id}.jpg`,
      video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      creator_id: creator,
      created_at: Date.now(),
    };
  });
}

const videoCounts = async (db: Database, creators: readonly string[]) =>
  Promise.all(
    creators.map(
      async (id) =>
        (await db.selectFrom('creators').select('video_count').where('id', '=', id).executeTakeFirstOrThrow())
          .video_count,
    ),
  );

const useCounts = async (db: Database, table: 'video_categories' | 'discount_categories', ids: string[]) =>
  Promise.all(
    ids.map(
      async (id) =>
        (await db.selectFrom(table).select('use_count').where('id', '=', id).executeTakeFirstOrThrow())
          .use_count,
    ),
  );

/** Row updates this transaction made to `table` so far (PostgreSQL's own statistics). */
async function updatesInTransaction(db: Database, table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select n_tup_upd as n from pg_stat_xact_user_tables where relname = ${table}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

describe('counts and category ids after many rows in one statement', () => {
  it('count every video, link and discount inserted and deleted in bulk, in one transaction', async () => {
    const creators = [(await seedCreator(t)).id, (await seedCreator(t)).id];
    const [cuisine, voyage, sport] = [
      await seedCategory(t, 'video', 'Cuisine en masse'),
      await seedCategory(t, 'video', 'Voyage en masse'),
      await seedCategory(t, 'video', 'Sport en masse'),
    ];
    const [mode, maison] = [
      await seedCategory(t, 'discount', 'Mode en masse'),
      await seedCategory(t, 'discount', 'Maison en masse'),
    ];
    const videos = videoRows(creators);
    // Every video in Cuisine, every other one in Voyage too; none in Sport.
    const links = videos.flatMap((video, index) => [
      { video_id: video.id, category_id: cuisine },
      ...(index % 2 === 0 ? [{ video_id: video.id, category_id: voyage }] : []),
    ]);
    const discount = newId();

    await t.db.transaction().execute(async (tx) => {
      await tx.insertInto('videos').values(videos).execute();
      await tx.insertInto('video_category_links').values(links).execute();
      await tx
        .insertInto('discounts')
        .values({
          id: discount,
          title: 'Soldes en masse',
          title_lowercase: 'soldes en masse',
          title_search: 'soldes en masse',
          link: 'https://boutique.exemple.fr',
          code: '',
          start_date: Date.now(),
          end_date: Date.now() + 86_400_000,
          image_url: `discount_images/${discount}.jpg`,
          created_at: Date.now(),
        })
        .execute();
      await tx
        .insertInto('discount_category_links')
        .values([
          { discount_id: discount, category_id: maison },
          { discount_id: discount, category_id: mode },
        ])
        .execute();

      expect(await videoCounts(tx, creators)).toEqual([VIDEOS / 2, VIDEOS / 2]);
      expect(await useCounts(tx, 'video_categories', [cuisine, voyage, sport])).toEqual([
        VIDEOS,
        VIDEOS / 2,
        0,
      ]);
      expect(await useCounts(tx, 'discount_categories', [mode, maison])).toEqual([1, 1]);
      const ids = await tx
        .selectFrom('videos')
        .select(['id', 'category_ids'])
        .where('creator_id', 'in', creators)
        .execute();
      const expected = (index: number) => (index % 2 === 0 ? [cuisine, voyage].sort().join(',') : cuisine);
      expect(Object.fromEntries(ids.map((row) => [row.id, row.category_ids]))).toEqual(
        Object.fromEntries(videos.map((video, index) => [video.id, expected(index)])),
      );
      const discountRow = await tx
        .selectFrom('discounts')
        .select('category_ids')
        .where('id', '=', discount)
        .executeTakeFirstOrThrow();
      expect(discountRow.category_ids).toBe([mode, maison].sort().join(','));

      // Every Voyage link goes in one statement, then the first hundred videos with their links.
      await tx.deleteFrom('video_category_links').where('category_id', '=', voyage).execute();
      await tx
        .deleteFrom('videos')
        .where(
          'id',
          'in',
          videos.slice(0, 100).map((video) => video.id),
        )
        .execute();
    });

    expect(await videoCounts(t.db, creators)).toEqual([VIDEOS / 2 - 50, VIDEOS / 2 - 50]);
    expect(await useCounts(t.db, 'video_categories', [cuisine, voyage, sport])).toEqual([VIDEOS - 100, 0, 0]);
    const left = await t.db
      .selectFrom('videos')
      .select('category_ids')
      .distinct()
      .where('creator_id', 'in', creators)
      .execute();
    expect(left).toEqual([{ category_ids: cuisine }]);
  });

  it("count a video's and its creator's comments inserted and deleted in bulk, hidden ones for the creator only", async () => {
    const creator = await seedCreator(t);
    const video = await seedVideo(t, creator.id, 'Vidéo très commentée');
    const author = await makeMember(t);
    const comments = Array.from({ length: 200 }, (_, index) => ({
      id: newId(),
      video_id: video,
      creator_id: creator.id,
      author_id: author.id,
      text: `Merci ${index}`,
      text_search: `merci ${index}`,
      created_at: Date.now() + index,
      hidden: index % 4 === 0 ? 1 : 0,
    }));
    await t.db.transaction().execute(async (tx) => {
      await tx.insertInto('comments').values(comments).execute();
      await tx
        .deleteFrom('comments')
        .where(
          'id',
          'in',
          comments.slice(0, 40).map((comment) => comment.id),
        )
        .execute();
    });
    // 200 comments, 50 of them hidden; 40 deleted, 10 of those hidden.
    expect(await keptCounts(t, video)).toMatchObject({ video: 120, creator: 160 });
  });

  it('write each kept row once per statement on PostgreSQL, however many rows the statement holds', async (context) => {
    if (!isPostgres(t.db)) context.skip();
    const creators = [(await seedCreator(t)).id, (await seedCreator(t)).id];
    const category = await seedCategory(t, 'video', 'Cuisine en une fois');
    const videos = videoRows(creators);

    await t.db.transaction().execute(async (tx) => {
      const creatorUpdates = await updatesInTransaction(tx, 'creators');
      const categoryUpdates = await updatesInTransaction(tx, 'video_categories');
      const videoUpdates = await updatesInTransaction(tx, 'videos');
      await tx.insertInto('videos').values(videos).execute();
      await tx
        .insertInto('video_category_links')
        .values(videos.map((video) => ({ video_id: video.id, category_id: category })))
        .execute();
      // Two creators, one category, each video's list once.
      expect((await updatesInTransaction(tx, 'creators')) - creatorUpdates).toBe(2);
      expect((await updatesInTransaction(tx, 'video_categories')) - categoryUpdates).toBe(1);
      expect((await updatesInTransaction(tx, 'videos')) - videoUpdates).toBe(VIDEOS);
    });
    expect(await videoCounts(t.db, creators)).toEqual([VIDEOS / 2, VIDEOS / 2]);
  });
});
