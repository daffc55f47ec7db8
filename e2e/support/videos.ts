import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { searchKey } from '@coulisses/domain/rules/text-search';
import { E2E_DATA_DIR } from './environment.ts';
import { createUser, openDatabase, seedCategory, signIn, userIdOf, type TestUser } from './fixtures.ts';
export { uniqueTag } from './fixtures.ts';

const filesDir = path.join(E2E_DATA_DIR, 'files');
export const YOUTUBE_ID = 'dQw4w9WgXcQ';

export interface Creator extends TestUser {
  id: string;
}

/** A creator through the real CLI; `live` publishes the page as the page settings would. */
export async function makeCreator(options: { live?: boolean; superadmin?: boolean } = {}): Promise<Creator> {
  const user = await createUser({ prefix: 'videos', superadmin: options.superadmin });
  const id = userIdOf(user.email);
  if (options.live) setCreatorFlags(id, { is_live: 1 });
  return { ...user, id };
}

export function signInCreator(context: BrowserContext, creator: Creator): Promise<void> {
  return signIn(context, { email: creator.email, password: creator.password });
}

export function setCreatorFlags(id: string, flags: { is_live?: number; is_active?: number }) {
  const db = openDatabase();
  try {
    if (flags.is_live !== undefined)
      db.prepare('update creators set is_live = ? where id = ?').run(flags.is_live, id);
    if (flags.is_active !== undefined) {
      db.prepare('update creators set is_active = ? where id = ?').run(flags.is_active, id);
    }
  } finally {
    db.close();
  }
}

/** Adds a video category straight in the database; returns its id. */
export const seedVideoCategory = (name: string): string => seedCategory('video', name);

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
  fs.mkdirSync(path.join(filesDir, 'videos', creatorId), { recursive: true });
  const seeded = titles.map((title) => ({
    id: randomUUID(),
    title,
    horizontalKey: `videos/${creatorId}/e2e-${randomUUID()}.jpg`,
    verticalKey: `videos/${creatorId}/e2e-${randomUUID()}.jpg`,
  }));
  for (const video of seeded) {
    fs.writeFileSync(path.join(filesDir, video.horizontalKey), horizontal!);
    fs.writeFileSync(path.join(filesDir, video.verticalKey), vertical!);
  }
  const db = openDatabase();
  try {
    const insert = db.prepare(
      `insert into videos (id, title, title_lowercase, title_search, hor_img_url, ver_img_url, video_url,
         creator_id, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const link = db.prepare('insert into video_category_links (video_id, category_id) values (?, ?)');
    db.transaction(() => {
      for (const video of seeded) {
        insert.run(
          video.id,
          video.title,
          video.title.toLowerCase(),
          searchKey(video.title),
          video.horizontalKey,
          video.verticalKey,
          `https://www.youtube.com/watch?v=${YOUTUBE_ID}`,
          creatorId,
          Date.now(),
        );
        if (options.categoryId) link.run(video.id, options.categoryId);
      }
    })();
  } finally {
    db.close();
  }
  return seeded.map(({ id, title, horizontalKey }) => ({ id, title, horizontalKey }));
}

export function isFeatured(videoId: string): boolean {
  const db = openDatabase();
  try {
    return !!db.prepare('select 1 from featured_videos where video_id = ?').get(videoId);
  } finally {
    db.close();
  }
}

export function videoExists(videoId: string): boolean {
  const db = openDatabase();
  try {
    return !!db.prepare('select 1 from videos where id = ?').get(videoId);
  } finally {
    db.close();
  }
}

export function storedFileExists(key: string): boolean {
  return fs.existsSync(path.join(filesDir, key));
}

/** The stored images of the video with this title, read back from the storage folder. */
export async function storedImageSizesOf(title: string) {
  const db = openDatabase();
  let row: { hor_img_url: string; ver_img_url: string } | undefined;
  try {
    row = db.prepare('select hor_img_url, ver_img_url from videos where title = ?').get(title) as typeof row;
  } finally {
    db.close();
  }
  if (!row) throw new Error(`no video titled ${title}`);
  const size = async (key: string) => {
    const { width, height, format } = await sharp(path.join(filesDir, key)).metadata();
    return { width, height, format };
  };
  return { horizontal: await size(row.hor_img_url), vertical: await size(row.ver_img_url), keys: row };
}

/** Pictures as a phone would send them. */
export function photo(width: number, height: number, format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
}

/** The YouTube thumbnail host is outside: tests answer for it, with a picture or a failure. */
export async function answerThumbnails(page: Page, answer: 'picture' | 'fail') {
  const picture = await photo(480, 360);
  await page.route('https://i.ytimg.com/**', (route) =>
    answer === 'picture'
      ? route.fulfill({ status: 200, contentType: 'image/jpeg', body: picture })
      : route.abort('failed'),
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
