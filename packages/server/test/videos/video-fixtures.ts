import { makeImage } from '../images.ts';
import { searchKey } from '@coulisses/domain/rules/text-search';
import { newId } from '../../src/lib/ids.ts';
import type { TestApp } from '../build-test-app.ts';
import { makeSignedIn, publishPage, type SignedIn } from '../factories.ts';

export const YOUTUBE_ID = 'dQw4w9WgXcQ';

/** A signed-in creator whose page is published, so they may add videos. */
export async function makeLiveCreator(t: TestApp, options: { superadmin?: boolean } = {}): Promise<SignedIn> {
  const user = await makeSignedIn(t, options);
  await publishPage(t, user.id);
  return user;
}

export async function makeVideoCategory(t: TestApp, name = `Catégorie ${newId().slice(0, 8)}`) {
  const id = newId();
  await t.db
    .insertInto('video_categories')
    .values({ id, name, name_key: searchKey(name), created_at: Date.now() })
    .execute();
  return id;
}

export interface VideoFormInput {
  title?: string;
  link?: string;
  categories?: string[];
  horizontal?: Buffer;
  vertical?: Buffer;
}

/** The add-video multipart body, as the web form sends it. */
export function videoForm(input: VideoFormInput): FormData {
  const form = new FormData();
  if (input.title !== undefined) form.append('title', input.title);
  if (input.link !== undefined) form.append('link', input.link);
  for (const id of input.categories ?? []) form.append('categories', id);
  if (input.horizontal) form.append('horizontal', new Blob([new Uint8Array(input.horizontal)]), 'h.png');
  if (input.vertical) form.append('vertical', new Blob([new Uint8Array(input.vertical)]), 'v.png');
  return form;
}

let sharedImages: Promise<{ horizontal: Buffer; vertical: Buffer }> | undefined;

/** A complete, valid form: small images, so many adds stay quick. */
export async function validVideoForm(categoryId: string, title = 'Ma vidéo'): Promise<VideoFormInput> {
  sharedImages ??= Promise.all([makeImage(300, 200), makeImage(200, 300)]).then(([horizontal, vertical]) => ({
    horizontal,
    vertical,
  }));
  const images = await sharedImages;
  return { title, link: `https://youtu.be/${YOUTUBE_ID}`, categories: [categoryId], ...images };
}

export function postVideo(t: TestApp, cookie: string | undefined, form: FormData) {
  return t.app.inject({
    method: 'POST',
    url: '/api/videos',
    headers: cookie ? { cookie } : {},
    payload: form,
  });
}

/** Adds a video through the API and answers its id. */
export async function addVideo(
  t: TestApp,
  user: SignedIn,
  categoryId: string,
  title?: string,
): Promise<string> {
  const response = await postVideo(t, user.cookie, videoForm(await validVideoForm(categoryId, title)));
  if (response.statusCode !== 201)
    throw new Error(`add video failed: ${response.statusCode} ${response.body}`);
  return response.json<{ id: string }>().id;
}

/** Many videos at once, straight in the database, with image keys whose files do not exist. */
export async function seedVideos(
  t: TestApp,
  creatorId: string,
  titles: readonly string[],
): Promise<string[]> {
  const ids = titles.map(() => newId());
  await t.db
    .insertInto('videos')
    .values(
      titles.map((title, index) => ({
        id: ids[index]!,
        title,
        title_lowercase: title.toLowerCase(),
        title_search: searchKey(title),
        hor_img_url: `videos/${creatorId}/seed-h-${index}.jpg`,
        ver_img_url: `videos/${creatorId}/seed-v-${index}.jpg`,
        video_url: `https://www.youtube.com/watch?v=${YOUTUBE_ID}`,
        creator_id: creatorId,
        created_at: Date.now(),
      })),
    )
    .execute();
  return ids;
}

export async function listIds(t: TestApp, list: 'featured_videos' | 'latest_videos'): Promise<string[]> {
  const rows = await t.db.selectFrom(list).select('video_id').orderBy('position').execute();
  return rows.map((row) => row.video_id);
}

/** Every stored file under videos/. */
export async function storedVideoImages(t: TestApp): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of t.storage.list()) if (key.startsWith('videos/')) keys.push(key);
  return keys.sort();
}
