import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  absoluteUrls,
  listCategories,
  listCreators as listPublicCreators,
  listCuratedVideos,
  listCurrentDiscounts,
  listVideos,
} from '../../src/modules/catalogue/catalogue.service.ts';
import { listVideoComments } from '../../src/modules/comments/app-comments.service.ts';
import { listAllComments, listMyComments } from '../../src/modules/comments/comments.service.ts';
import { listCreators } from '../../src/modules/creators/creators.service.ts';
import { listDiscounts } from '../../src/modules/discounts/discounts.service.ts';
import { listUsersByEmail } from '../../src/modules/subscribers/subscribers.repository.ts';
import { toListItem } from '../../src/modules/subscribers/subscribers.service.ts';
import { listFeaturedVideos } from '../../src/modules/videos/featured.service.ts';
import { findVideoPage } from '../../src/modules/videos/video-pages.repository.ts';
import { toAdminVideo } from '../../src/modules/videos/videos.service.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeMember, seedComment } from '../comments/comment-fixtures.ts';
import { seedCategory, seedCreator, seedDiscount, seedVideo, setList } from '../public/seed.ts';

// The items of a list's answer are built alike, so V8 gives them one hidden class, and the
// serializer finds each field where it found it in the item before. A row spread into a new object
// with more fields got a class of its own at each read: a page of fifty videos took twice as long
// to write (docs/decisions/041-objects-built-once.md). Runs on both databases.

v8.setFlagsFromString('--allow-natives-syntax');
// V8's own test of two objects' hidden classes, which only code compiled after that flag may call.
const haveSameMap = vm.runInThisContext('(a, b) => %HaveSameMap(a, b)') as (a: object, b: object) => boolean;

/** Whether `item` has the hidden class of `first`, and so have its objects, at every depth. */
function sameShape(first: object, item: object): boolean {
  if (!haveSameMap(first, item)) return false;
  return Object.entries(item).every(([key, value]: [string, unknown]) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return true;
    return sameShape((first as Record<string, object>)[key]!, value);
  });
}

let t: TestApp;
let creatorId = '';
let videoId = '';
beforeAll(async () => {
  t = await buildTestApp();
  const videoCategory = await seedCategory(t, 'video', 'Cuisine');
  await seedCategory(t, 'video', 'Voyage');
  const discountCategory = await seedCategory(t, 'discount', 'Mode');
  const videos: string[] = [];
  for (let page = 0; page < 3; page += 1) {
    creatorId = (await seedCreator(t)).id;
    for (let i = 0; i < 3; i += 1) {
      videos.push(await seedVideo(t, creatorId, `Atelier n°${page}${i}`, i > 0 ? [videoCategory] : []));
    }
  }
  videoId = videos.at(-1)!;
  for (let i = 0; i < 6; i += 1) {
    await seedDiscount(
      t,
      `Remise n°${i}`,
      { startInDays: -1, endInDays: 5 },
      i > 0 ? [discountCategory] : [],
    );
  }
  await setList(t, 'featured_videos', videos.slice(0, 5));
  await setList(t, 'latest_videos', videos.slice(2, 7));
  const member = await makeMember(t);
  for (let i = 0; i < 6; i += 1)
    await seedComment(t, videoId, member.id, { text: `Merci n°${i}`, hidden: i === 2 });
});
afterAll(async () => {
  await t.close();
});

const url = () => absoluteUrls(t.storage, 'https://api.coulisses.fr');
const LISTS: [string, () => Promise<readonly object[]>][] = [
  ['app: videos', async () => (await listVideos(t, url(), {})).items],
  ['app: featured videos', async () => (await listCuratedVideos(t, url(), 'featured')).items],
  ['app: latest videos', async () => (await listCuratedVideos(t, url(), 'latest')).items],
  ['app: creators', async () => (await listPublicCreators(t, url(), undefined)).items],
  ['app: categories', async () => (await listCategories(t, 'video')).items],
  ['app: running discounts', async () => (await listCurrentDiscounts(t, url(), {})).items],
  ["app: a video's comments", async () => (await listVideoComments(t, videoId, undefined)).items],
  // Written by SQLite on SQLite: their rows read as they are on PostgreSQL.
  [
    'back-office: every video',
    async () => (await findVideoPage(t.db, {}, 50)).items.map((row) => toAdminVideo(t.storage, row)),
  ],
  ['back-office: subscribers', async () => (await listUsersByEmail(t.db, { limit: 50 })).map(toListItem)],
  ['back-office: featured videos', async () => (await listFeaturedVideos(t)).items],
  ['back-office: creators', async () => (await listCreators(t)).items],
  ['back-office: discounts', async () => ((await listDiscounts(t, {})) as { items: object[] }).items],
  ['back-office: every comment', async () => (await listAllComments(t, {})).items],
  ["back-office: a creator's comments", async () => (await listMyComments(t, creatorId, {})).items],
];

describe('the items of a list share one shape, read after read', () => {
  it.each(LISTS)('%s', async (_name, read) => {
    const items: object[] = [];
    for (let reads = 0; reads < 3; reads += 1) items.push(...(await read()));
    expect(items.length).toBeGreaterThan(3);
    expect(items.filter((item) => !sameShape(items[0]!, item))).toEqual([]);
  });
});
