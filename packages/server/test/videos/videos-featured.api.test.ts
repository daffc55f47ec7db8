import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURED_VIDEOS_MAX } from '@coulisses/domain/constants/limits';
import { MESSAGES } from '@coulisses/domain/messages';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeSignedIn, type SignedIn } from '../factories.ts';
import { listIds, makeLiveCreator, seedVideos } from './video-fixtures.ts';

let t: TestApp;
let creator: SignedIn;
let admin: SignedIn;
let otherAdmin: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  creator = await makeLiveCreator(t);
  admin = await makeSignedIn(t, { superadmin: true });
  otherAdmin = await makeSignedIn(t, { superadmin: true });
});
afterAll(async () => {
  await t.close();
});

async function clearFeatured() {
  await t.db.deleteFrom('featured_videos').execute();
}

function toggle(id: string, user?: SignedIn) {
  return t.app.inject({
    method: 'POST',
    url: `/api/videos/${id}/featured`,
    headers: user ? { cookie: user.cookie } : {},
  });
}

function move(id: string, position: unknown, user: SignedIn = admin) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/featured-videos/${id}/position`,
    headers: { cookie: user.cookie },
    payload: { position },
  });
}

function unfeature(id: string, user: SignedIn = admin) {
  return t.app.inject({
    method: 'DELETE',
    url: `/api/featured-videos/${id}`,
    headers: { cookie: user.cookie },
  });
}

/** Features the titles so that the list reads in their order, front first. */
async function featuredList(titles: string[]): Promise<string[]> {
  await clearFeatured();
  const ids = await seedVideos(t, creator.id, titles);
  for (const id of [...ids].reverse()) await toggle(id, admin);
  expect(await listIds(t, 'featured_videos')).toEqual(ids);
  return ids;
}

const titlesOf = (answer: { json: () => unknown }) =>
  (answer.json() as { items: { title: string }[] }).items.map((item) => item.title);

describe('reordering the featured list', () => {
  it('moves a video up, down, to the front and to the end; the app gets the new order', async () => {
    const [a, , c, d] = await featuredList(['A', 'B', 'C', 'D']);
    expect(titlesOf(await move(c!, 1))).toEqual(['A', 'C', 'B', 'D']);
    expect(titlesOf(await move(a!, 1))).toEqual(['C', 'A', 'B', 'D']);
    expect(titlesOf(await move(d!, 0))).toEqual(['D', 'C', 'A', 'B']);
    const last = await move(d!, FEATURED_VIDEOS_MAX - 1);
    expect(last.statusCode).toBe(200);
    expect(titlesOf(last)).toEqual(['C', 'A', 'B', 'D']);
    const pub = await t.app.inject({ url: '/api/public/featured-videos' });
    expect(pub.json<{ items: { title: string }[] }>().items.map((item) => item.title)).toEqual([
      'C',
      'A',
      'B',
      'D',
    ]);
  });

  it('names each featured video with what its row shows: thumbnail source and creator', async () => {
    await featuredList(['Vignette']);
    const answer = await t.app.inject({ url: '/api/featured-videos', headers: { cookie: admin.cookie } });
    const [item] = answer.json<{ items: { video_url: string; hor_img_url: string }[] }>().items;
    expect(item?.video_url).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=/);
    expect(item?.hor_img_url).toMatch(/^\/files\//);
  });

  it('keeps featuring at the front after a reorder', async () => {
    const [, b] = await featuredList(['A', 'B']);
    await move(b!, 0);
    const [fresh] = await seedVideos(t, creator.id, ['Nouvelle']);
    await toggle(fresh!, admin);
    const answer = await t.app.inject({ url: '/api/featured-videos', headers: { cookie: admin.cookie } });
    expect(titlesOf(answer)).toEqual(['Nouvelle', 'B', 'A']);
  });

  it('refuses to move a video that is no longer featured, with the list left as it is', async () => {
    const [a] = await featuredList(['A', 'B']);
    const [outside] = await seedVideos(t, creator.id, ['Dehors']);
    const refused = await move(outside!, 0);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(MESSAGES.featuredGone);
    expect((await listIds(t, 'featured_videos'))[0]).toBe(a);
  });

  it('refuses a place that is not a whole number from 0 to 9, and changes nothing', async () => {
    const ids = await featuredList(['A', 'B']);
    for (const position of [-1, FEATURED_VIDEOS_MAX, 1.5, '1', null]) {
      expect((await move(ids[1]!, position)).statusCode).toBe(400);
    }
    expect(await listIds(t, 'featured_videos')).toEqual(ids);
  });

  it('writes the move to the journal, places counted from 1', async () => {
    const [, b] = await featuredList(['A', 'B', 'C']);
    await move(b!, 2);
    const entry = await t.db
      .selectFrom('journal_entries')
      .select(['kind', 'item_label', 'changes'])
      .where('item_id', '=', b!)
      .where('kind', '=', 'video.moved')
      .executeTakeFirstOrThrow();
    expect(entry.item_label).toBe('B');
    expect(JSON.parse(entry.changes)).toEqual({ position: { before: 2, after: 3 } });
  });

  it('never loses a video or duplicates one when two superadmins move at once', async () => {
    const ids = await featuredList(['A', 'B', 'C', 'D', 'E']);
    const answers = await Promise.all([
      move(ids[4]!, 0, admin),
      move(ids[0]!, 4, otherAdmin),
      move(ids[2]!, 1, admin),
      move(ids[3]!, 3, otherAdmin),
    ]);
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect([...(await listIds(t, 'featured_videos'))].sort()).toEqual([...ids].sort());
  });

  it('takes a video out of the list, and does nothing for one already out', async () => {
    const [a, b] = await featuredList(['A', 'B']);
    expect(titlesOf(await unfeature(a!))).toEqual(['B']);
    const again = await unfeature(a!);
    expect(again.statusCode).toBe(200);
    expect(titlesOf(again)).toEqual(['B']);
    expect(await listIds(t, 'featured_videos')).toEqual([b]);
  });

  it('is the superadmin’s alone', async () => {
    const ids = await featuredList(['A', 'B']);
    expect((await move(ids[1]!, 0, creator)).statusCode).toBe(403);
    expect((await unfeature(ids[0]!, creator)).statusCode).toBe(403);
    expect(await listIds(t, 'featured_videos')).toEqual(ids);
  });
});

describe('featuring videos', () => {
  it('lists the featured videos for the superadmin in the app’s order, named with their creator', async () => {
    await clearFeatured();
    const [a, b] = await seedVideos(t, creator.id, ['Première', 'Seconde']);
    for (const id of [a, b]) await toggle(id!, admin);
    const answer = await t.app.inject({ url: '/api/featured-videos', headers: { cookie: admin.cookie } });
    expect(answer.statusCode).toBe(200);
    const { items } = answer.json<{ items: { id: string; title: string; creator: string }[] }>();
    expect(items.map((item) => [item.id, item.title])).toEqual([
      [b, 'Seconde'],
      [a, 'Première'],
    ]);
    expect(items[0]?.creator).toBeTruthy();
    const pub = await t.app.inject({ url: '/api/public/featured-videos' });
    expect(pub.json<{ items: { id: string }[] }>().items.map((item) => item.id)).toEqual([b, a]);
  });

  it('puts a video at the front, and takes it out on the next toggle', async () => {
    await clearFeatured();
    const [a, b, c] = await seedVideos(t, creator.id, ['A', 'B', 'C']);
    for (const id of [a, b, c]) expect((await toggle(id!, admin)).json()).toEqual({ featured: true });
    expect(await listIds(t, 'featured_videos')).toEqual([c, b, a]);
    expect((await toggle(b!, admin)).json()).toEqual({ featured: false });
    expect(await listIds(t, 'featured_videos')).toEqual([c, a]);
  });

  it('drops the last when an eleventh is featured', async () => {
    await clearFeatured();
    const ids = await seedVideos(
      t,
      creator.id,
      Array.from({ length: FEATURED_VIDEOS_MAX + 1 }, (_, i) => `Une ${i}`),
    );
    for (const id of ids) await toggle(id, admin);
    const list = await listIds(t, 'featured_videos');
    expect(list).toHaveLength(FEATURED_VIDEOS_MAX);
    expect(list[0]).toBe(ids.at(-1));
    expect(list).not.toContain(ids[0]);
  });

  it('keeps the cap and never duplicates under many simultaneous toggles from two superadmins', async () => {
    await clearFeatured();
    const ids = await seedVideos(
      t,
      creator.id,
      Array.from({ length: 25 }, (_, i) => `Simultanée ${i}`),
    );
    const answers = await Promise.all(ids.map((id, i) => toggle(id, i % 2 ? admin : otherAdmin)));
    expect(answers.every((a) => a.statusCode === 200 && a.json().featured === true)).toBe(true);
    const list = await listIds(t, 'featured_videos');
    expect(list).toHaveLength(FEATURED_VIDEOS_MAX);
    expect(new Set(list).size).toBe(FEATURED_VIDEOS_MAX);
  });

  it('loses no toggle: the same video toggled an even number of times at once ends where it started', async () => {
    await clearFeatured();
    const [id] = await seedVideos(t, creator.id, ['Pile ou face']);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => toggle(id!, i % 2 ? admin : otherAdmin)),
    );
    const states = answers.map((a) => a.json<{ featured: boolean }>().featured);
    expect(states.filter(Boolean)).toHaveLength(3);
    expect(await listIds(t, 'featured_videos')).toEqual([]);
  });

  it('answers 404 for an unknown video and leaves the list alone', async () => {
    await clearFeatured();
    expect((await toggle('inconnue', admin)).statusCode).toBe(404);
    expect(await listIds(t, 'featured_videos')).toEqual([]);
  });

  it('is the superadmin’s alone', async () => {
    await clearFeatured();
    const [id] = await seedVideos(t, creator.id, ['Interdite']);
    expect((await toggle(id!)).statusCode).toBe(401);
    const refused = await toggle(id!, creator);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(MESSAGES.noAccess);
    const otherCreator = await makeLiveCreator(t);
    expect((await toggle(id!, otherCreator)).statusCode).toBe(403);
    expect(await listIds(t, 'featured_videos')).toEqual([]);
  });
});
