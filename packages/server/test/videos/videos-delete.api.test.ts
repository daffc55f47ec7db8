import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeSignedIn, type SignedIn } from '../factories.ts';
import {
  addVideo,
  listIds,
  makeLiveCreator,
  makeVideoCategory,
  storedVideoImages,
} from './video-fixtures.ts';

let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
let admin: SignedIn;
let category: string;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await makeLiveCreator(t);
  other = await makeLiveCreator(t);
  admin = await makeSignedIn(t, { superadmin: true });
  category = await makeVideoCategory(t);
});
afterAll(async () => {
  await t.close();
});

function remove(id: string, user?: SignedIn) {
  return t.app.inject({
    method: 'DELETE',
    url: `/api/videos/${id}`,
    headers: user ? { cookie: user.cookie } : {},
  });
}

/** Everything a video leaves in the database and the storage. */
async function traces(id: string) {
  const [video, links, featured, latest, files] = await Promise.all([
    t.db.selectFrom('videos').select(['hor_img_url', 'ver_img_url']).where('id', '=', id).executeTakeFirst(),
    t.db.selectFrom('video_category_links').select('category_id').where('video_id', '=', id).execute(),
    listIds(t, 'featured_videos'),
    listIds(t, 'latest_videos'),
    storedVideoImages(t),
  ]);
  return {
    video: !!video,
    links: links.length,
    featured: featured.includes(id),
    latest: latest.includes(id),
    files: video ? files.filter((key) => key === video.hor_img_url || key === video.ver_img_url).length : 0,
  };
}

async function featuredVideo(user: SignedIn) {
  const id = await addVideo(t, user, category);
  await t.app.inject({
    method: 'POST',
    url: `/api/videos/${id}/featured`,
    headers: { cookie: admin.cookie },
  });
  return id;
}

describe('deleting a video', () => {
  it('lets the owner delete it, with its links, list entries and images', async () => {
    const id = await featuredVideo(owner);
    const video = await t.db
      .selectFrom('videos')
      .select(['hor_img_url', 'ver_img_url'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(await traces(id)).toEqual({ video: true, links: 1, featured: true, latest: true, files: 2 });

    expect((await remove(id, owner)).statusCode).toBe(204);
    expect(await traces(id)).toEqual({ video: false, links: 0, featured: false, latest: false, files: 0 });
    const files = await storedVideoImages(t);
    expect(files).not.toContain(video.hor_img_url);
    expect(files).not.toContain(video.ver_img_url);
  });

  it('refuses another creator with 403 and changes nothing', async () => {
    const id = await featuredVideo(owner);
    const before = await traces(id);
    const response = await remove(id, other);
    expect(response.statusCode).toBe(403);
    expect(await traces(id)).toEqual(before);
  });

  it('lets the superadmin delete anyone’s video', async () => {
    const id = await featuredVideo(other);
    expect((await remove(id, admin)).statusCode).toBe(204);
    expect(await traces(id)).toMatchObject({ video: false, featured: false, latest: false });
  });

  it('refuses anonymous callers and answers 404 for an unknown video', async () => {
    const id = await addVideo(t, owner, category);
    expect((await remove(id)).statusCode).toBe(401);
    expect((await traces(id)).video).toBe(true);
    expect((await remove('inconnue', owner)).statusCode).toBe(404);
    expect((await remove(id, owner)).statusCode).toBe(204);
    expect((await remove(id, owner)).statusCode).toBe(404);
  });

  it('keeps images another video still shows, and removes them with their last video', async () => {
    const first = await addVideo(t, owner, category);
    const second = await addVideo(t, other, category);
    const shared = await t.db
      .selectFrom('videos')
      .select(['hor_img_url', 'ver_img_url'])
      .where('id', '=', first)
      .executeTakeFirstOrThrow();
    const own = await t.db
      .selectFrom('videos')
      .select(['hor_img_url', 'ver_img_url'])
      .where('id', '=', second)
      .executeTakeFirstOrThrow();
    // Two rows on one pair of files, as the demo catalogue leaves them.
    await t.db.updateTable('videos').set(shared).where('id', '=', second).execute();
    await Promise.all([t.storage.remove(own.hor_img_url), t.storage.remove(own.ver_img_url)]);

    expect((await remove(first, owner)).statusCode).toBe(204);
    expect(await t.storage.exists(shared.hor_img_url)).toBe(true);
    expect(await t.storage.exists(shared.ver_img_url)).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: `/files/${shared.ver_img_url}` });
    expect(served.statusCode).toBe(200);

    expect((await remove(second, other)).statusCode).toBe(204);
    expect(await t.storage.exists(shared.hor_img_url)).toBe(false);
    expect(await t.storage.exists(shared.ver_img_url)).toBe(false);
  });

  it('frees the category once its last video is gone', async () => {
    const own = await makeVideoCategory(t, 'Bientôt libre');
    const id = await addVideo(t, owner, own);
    const blocked = await t.app.inject({
      method: 'DELETE',
      url: `/api/video-categories/${own}`,
      headers: { cookie: admin.cookie },
    });
    expect(blocked.statusCode).toBe(409);
    expect((await remove(id, owner)).statusCode).toBe(204);
    const freed = await t.app.inject({
      method: 'DELETE',
      url: `/api/video-categories/${own}`,
      headers: { cookie: admin.cookie },
    });
    expect(freed.statusCode).toBe(204);
  });
});
