import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { MESSAGES } from '@coulisses/domain/messages';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeSignedIn, type SignedIn } from '../factories.ts';
import { makeImage } from '../images.ts';
import {
  addVideo,
  listIds,
  makeLiveCreator,
  makeVideoCategory,
  storedVideoImages,
  YOUTUBE_ID,
} from './video-fixtures.ts';

let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
let admin: SignedIn;
let category: string;
let otherCategory: string;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await makeLiveCreator(t);
  other = await makeLiveCreator(t);
  admin = await makeSignedIn(t, { superadmin: true });
  category = await makeVideoCategory(t);
  otherCategory = await makeVideoCategory(t);
});
afterAll(async () => {
  await t.close();
});

interface EditInput {
  title?: string;
  link?: string;
  categories?: string[];
  version?: number | string;
  horizontal?: Buffer;
  vertical?: Buffer;
}

function editForm(input: EditInput): FormData {
  const form = new FormData();
  form.append('title', input.title ?? 'Titre corrigé');
  form.append('link', input.link ?? `https://www.youtube.com/watch?v=${YOUTUBE_ID}`);
  for (const id of input.categories ?? [otherCategory]) form.append('categories', id);
  form.append('version', String(input.version ?? 1));
  if (input.horizontal) form.append('horizontal', new Blob([new Uint8Array(input.horizontal)]), 'h.png');
  if (input.vertical) form.append('vertical', new Blob([new Uint8Array(input.vertical)]), 'v.png');
  return form;
}

function edit(id: string, user: SignedIn | undefined, input: EditInput) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/videos/${id}`,
    headers: user ? { cookie: user.cookie } : {},
    payload: editForm(input),
  });
}

function read(id: string, user: SignedIn) {
  return t.app.inject({ method: 'GET', url: `/api/videos/${id}`, headers: { cookie: user.cookie } });
}

/** Everything an edit could change or must keep. */
async function stateOf(id: string) {
  const [video, links, featured, latest, files] = await Promise.all([
    t.db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    t.db.selectFrom('video_category_links').select('category_id').where('video_id', '=', id).execute(),
    listIds(t, 'featured_videos'),
    listIds(t, 'latest_videos'),
    storedVideoImages(t),
  ]);
  return {
    video,
    categories: links.map((link) => link.category_id).sort(),
    featuredAt: featured.indexOf(id),
    latestAt: latest.indexOf(id),
    files,
  };
}

describe('GET /api/videos/:id', () => {
  it('answers the owner and the superadmin with the categories and the version', async () => {
    const id = await addVideo(t, owner, category, 'À lire');
    for (const user of [owner, admin]) {
      const response = await read(id, user);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id, title: 'À lire', categories: [category], version: 1 });
    }
  });

  it("refuses another creator's video (403) and an unknown one (404)", async () => {
    const id = await addVideo(t, owner, category);
    expect((await read(id, other)).statusCode).toBe(403);
    expect((await read('inconnue', owner)).statusCode).toBe(404);
  });
});

describe('PUT /api/videos/:id', () => {
  it('saves title, link and categories, keeping the id, the images and the list places', async () => {
    const id = await addVideo(t, owner, category, 'Titre avec une faute');
    await t.app.inject({
      method: 'POST',
      url: `/api/videos/${id}/featured`,
      headers: { cookie: admin.cookie },
    });
    const before = await stateOf(id);
    const response = await edit(id, owner, {
      title: 'Titre sans faute',
      link: 'https://youtu.be/abcdefghijk',
      categories: [category, otherCategory],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id,
      title: 'Titre sans faute',
      video_url: 'https://www.youtube.com/watch?v=abcdefghijk',
      version: 2,
    });
    const after = await stateOf(id);
    expect(after.video).toMatchObject({
      title: 'Titre sans faute',
      title_lowercase: 'titre sans faute',
      title_search: 'titre sans faute',
      hor_img_url: before.video.hor_img_url,
      ver_img_url: before.video.ver_img_url,
      created_at: before.video.created_at,
      version: 2,
    });
    expect(after.categories).toEqual([category, otherCategory].sort());
    expect(after.featuredAt).toBe(before.featuredAt);
    expect(after.latestAt).toBe(before.latestAt);
    expect(after.files).toEqual(before.files);
    const search = await t.app.inject({ url: '/api/videos/mine?q=sans', headers: { cookie: owner.cookie } });
    expect(search.json<{ items: { id: string }[] }>().items.map((video) => video.id)).toEqual([id]);
  });

  it('replaces one image through the same pipeline and removes the old file once saved', async () => {
    const id = await addVideo(t, owner, category);
    const before = await stateOf(id);
    const response = await edit(id, owner, { categories: [category], vertical: await makeImage(1000, 400) });
    expect(response.statusCode, response.body).toBe(200);
    const after = await stateOf(id);
    expect(after.video.hor_img_url).toBe(before.video.hor_img_url);
    expect(after.video.ver_img_url).not.toBe(before.video.ver_img_url);
    expect(after.files).toContain(after.video.ver_img_url);
    expect(after.files).not.toContain(before.video.ver_img_url);
    const stored = await t.storage.read(after.video.ver_img_url);
    expect(await sharp(stored!).metadata()).toMatchObject({ width: 600, height: 900, format: 'jpeg' });
  });

  it('lets the superadmin edit any video, and refuses another creator (403) and nobody (401)', async () => {
    const id = await addVideo(t, owner, category);
    const before = await stateOf(id);
    expect((await edit(id, other, { title: 'Volée' })).statusCode).toBe(403);
    expect((await edit(id, undefined, { title: 'Volée' })).statusCode).toBe(401);
    expect(await stateOf(id)).toEqual(before);
    const response = await edit(id, admin, { title: 'Corrigée par la modération' });
    expect(response.statusCode).toBe(200);
    expect((await stateOf(id)).video.title).toBe('Corrigée par la modération');
  });

  it('refuses a stale form (409) with a clear message, and changes nothing', async () => {
    const id = await addVideo(t, owner, category);
    expect((await edit(id, admin, { title: 'Première correction' })).statusCode).toBe(200);
    const before = await stateOf(id);
    const stale = await edit(id, owner, { title: 'Seconde correction', vertical: await makeImage(200, 300) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(MESSAGES.editedMeanwhile);
    expect(await stateOf(id)).toEqual(before);
    const fresh = await edit(id, owner, { title: 'Seconde correction', version: 2 });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().version).toBe(3);
  });

  it('keeps exactly one of two simultaneous saves of the same version', async () => {
    const id = await addVideo(t, owner, category);
    const answers = await Promise.all([
      edit(id, owner, { title: 'Version A', horizontal: await makeImage(300, 200) }),
      edit(id, admin, { title: 'Version B', horizontal: await makeImage(300, 200) }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const after = await stateOf(id);
    expect(after.video.version).toBe(2);
    // The refused save's new image did not stay behind.
    const mine = after.files.filter((key) => key.startsWith(`videos/${owner.id}/`));
    expect(mine).toContain(after.video.hor_img_url);
    const rows = await t.db.selectFrom('videos').select(['hor_img_url', 'ver_img_url']).execute();
    const all = rows.flatMap((row) => [row.hor_img_url, row.ver_img_url]);
    expect(mine.filter((key) => !all.includes(key))).toEqual([]);
  });

  it('refuses bad input with the add form’s messages and changes nothing', async () => {
    const id = await addVideo(t, owner, category);
    const before = await stateOf(id);
    const cases: [EditInput, number, string][] = [
      [{ title: '' }, 400, MESSAGES.videoFieldsMissing],
      [{ link: 'https://vimeo.com/1' }, 400, MESSAGES.invalidYoutubeUrl],
      [{ categories: [] }, 400, MESSAGES.videoFieldsMissing],
      [{ categories: ['inconnue'] }, 400, ''],
      [{ version: 'abc' }, 400, 'Version du formulaire illisible.'],
      [{ horizontal: Buffer.from('pas une image') }, 400, MESSAGES.imageInvalid],
    ];
    for (const [input, status, message] of cases) {
      const response = await edit(id, owner, input);
      expect(response.statusCode, JSON.stringify(input)).toBe(status);
      if (message) expect(response.json().error.message).toBe(message);
    }
    expect(await stateOf(id)).toEqual(before);
  });

  it('refuses a suspended creator (403) but not the superadmin on their video', async () => {
    const suspended = await makeLiveCreator(t);
    const id = await addVideo(t, suspended, category);
    await t.db.updateTable('creators').set({ is_active: 0 }).where('id', '=', suspended.id).execute();
    const refused = await edit(id, suspended, { title: 'Interdit' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(MESSAGES.accountSuspended);
    expect((await edit(id, admin, { title: 'Modéré' })).statusCode).toBe(200);
  });

  it('answers 404 for a video deleted meanwhile', async () => {
    const id = await addVideo(t, owner, category);
    await t.app.inject({ method: 'DELETE', url: `/api/videos/${id}`, headers: { cookie: owner.cookie } });
    expect((await edit(id, owner, {})).statusCode).toBe(404);
  });
});
