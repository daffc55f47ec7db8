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
