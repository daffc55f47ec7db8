import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { searchKey } from '@coulisses/domain/rules/text-search';
import { createUser, seedCategory, signIn, userIdOf, type TestUser } from './fixtures.ts';
import { readStoredFile, storeFile, withDatabase } from './server-state.ts';
export { uniqueTag } from './fixtures.ts';
export { storedFileExists } from './server-state.ts';

export const YOUTUBE_ID = 'dQw4w9WgXcQ';

export interface Creator extends TestUser {
  id: string;
}

/** A creator through the real CLI; `live` publishes the page as the page settings would. */
export async function makeCreator(options: { live?: boolean; superadmin?: boolean } = {}): Promise<Creator> {
  const user = await createUser({ prefix: 'videos', superadmin: options.superadmin });
  const id = await userIdOf(user.email);
  if (options.live) await setCreatorFlags(id, { is_live: 1 });
  return { ...user, id };
}

export function signInCreator(context: BrowserContext, creator: Creator): Promise<void> {
  return signIn(context, { email: creator.email, password: creator.password });
}

export async function setCreatorFlags(id: string, flags: { is_live?: number; is_active?: number }) {
  if (flags.is_live === undefined && flags.is_active === undefined) return;
  await withDatabase((db) => db.updateTable('creators').set(flags).where('id', '=', id).execute());
}

/** Adds a video category straight in the database; returns its id. */
export const seedVideoCategory = (name: string): Promise<string> => seedCategory('video', name);

export interface SeededVideo {
  id: string;
  title: string;
  horizontalKey: string;
}

/**
 * Inserts videos straight in the database, each with real images in storage, as the add-video
 * form would have left them.
 */
export async function seedVideos(
  creatorId: string,
  titles: readonly string[],
  options: { categoryId?: string } = {},
): Promise<SeededVideo[]> {
  const [horizontal, vertical] = await Promise.all(
    [
      { width: 900, height: 600 },
      { width: 600, height: 900 },
    ].map(({ width, height }) =>
      sharp({ create: { width, height, channels: 3, background: { r: 75, g: 43, b: 179 } } })
        .jpeg()
        .toBuffer(),
    ),
  );
  const seeded = titles.map((title) => ({
    id: randomUUID(),
    title,
    horizontalKey: `videos/${creatorId}/e2e-${randomUUID()}.jpg`,
    verticalKey: `videos/${creatorId}/e2e-${randomUUID()}.jpg`,
  }));
  for (const video of seeded) {
    await storeFile(video.horizontalKey, horizontal!);
    await storeFile(video.verticalKey, vertical!);
  }
  if (seeded.length === 0) return [];
  await withDatabase((db) =>
    db.transaction().execute(async (trx) => {
      await trx
        .insertInto('videos')
        .values(
          seeded.map((video) => ({
            id: video.id,
            title: video.title,
            title_lowercase: video.title.toLowerCase(),
            title_search: searchKey(video.title),
            hor_img_url: video.horizontalKey,
            ver_img_url: video.verticalKey,
            video_url: `https://www.youtube.com/watch?v=${YOUTUBE_ID}`,
            creator_id: creatorId,
            created_at: Date.now(),
          })),
        )
        .execute();
      const { categoryId } = options;
      if (categoryId) {
        await trx
          .insertInto('video_category_links')
          .values(seeded.map((video) => ({ video_id: video.id, category_id: categoryId })))
          .execute();
      }
    }),
  );
  return seeded.map(({ id, title, horizontalKey }) => ({ id, title, horizontalKey }));
}

export async function isFeatured(videoId: string): Promise<boolean> {
  const row = await withDatabase((db) =>
    db.selectFrom('featured_videos').select('video_id').where('video_id', '=', videoId).executeTakeFirst(),
  );
  return !!row;
}

export async function videoExists(videoId: string): Promise<boolean> {
  const row = await withDatabase((db) =>
    db.selectFrom('videos').select('id').where('id', '=', videoId).executeTakeFirst(),
  );
  return !!row;
}

/** The stored images of the video with this title, read back from the server's storage. */
export async function storedImageSizesOf(title: string) {
  const row = await withDatabase((db) =>
    db
      .selectFrom('videos')
      .select(['hor_img_url', 'ver_img_url'])
      .where('title', '=', title)
      .executeTakeFirst(),
  );
  if (!row) throw new Error(`no video titled ${title}`);
  const size = async (key: string) => {
    const { width, height, format } = await sharp(await readStoredFile(key)).metadata();
    return { width, height, format };
  };
  return { horizontal: await size(row.hor_img_url), vertical: await size(row.ver_img_url), keys: row };
}

/** Pictures as a phone would send them. */
export function photo(width: number, height: number, format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
}

/**
 * The YouTube thumbnail host is outside: tests answer for it, with a picture, a failure, or the
 * 120x90 grey picture YouTube sends for a video it does not know.
 */
export async function answerThumbnails(page: Page, answer: 'picture' | 'fail' | 'placeholder') {
  const picture = await (answer === 'placeholder' ? photo(120, 90) : photo(480, 360));
  await page.route('https://i.ytimg.com/**', (route) =>
    answer === 'fail'
      ? route.abort('failed')
      : route.fulfill({ status: 200, contentType: 'image/jpeg', body: picture }),
  );
}

/** Reads an alert box's message and closes it with OK. */
export async function expectAlert(page: Page, message: string) {
  const alert = page.getByRole('alertdialog');
  await expect(alert).toContainText(message);
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(alert).toBeHidden();
}

/** The video cards of the page's list. */
export function videoCards(page: Page, listName: 'Mes vidéos' | 'Toutes les vidéos') {
  return page.getByRole('region', { name: listName }).getByRole('listitem');
}

/**
 * Searches a video list ('Mes vidéos', 'Toutes les vidéos') by title: types a search and sends it
 * with Enter, as one does once the list is scrolled far below the box (my-videos.spec.ts clicks the
 * button). A click waits for the button to hold still over two animation frames, and once headless
 * Chromium drew no frame for a minute (all-videos.spec.ts).
 */
export async function searchVideos(page: Page, query: string) {
  const searchbox = page.getByRole('searchbox', { name: 'Rechercher une vidéo par son titre' });
  await searchbox.fill(query);
  await searchbox.press('Enter');
}
