import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from './environment.ts';
import { openDatabase } from './fixtures.ts';
export { uniqueTag } from './fixtures.ts';

export const VIDEO_LINK = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

/** Waits for the alert box with this message and closes it with OK. */
export async function expectAlert(page: Page, message: string): Promise<void> {
  const alert = page.getByRole('alertdialog');
  await expect(alert).toContainText(message);
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(alert).toBeHidden();
}

/** A picture of any size as a phone would send it, ready for `setInputFiles`. */
export async function picture(name: string, width: number, height: number) {
  const buffer = await sharp({
    create: { width, height, channels: 3, background: { r: 60, g: 110, b: 200 } },
  })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** The page row of a creator, straight from the database. */
export function creatorRowOf(email: string) {
  const db = openDatabase();
  try {
    return db
      .prepare(
        `select c.title, c.hor_img_url, c.ver_img_url, c.home_video_url, c.lebavard_url, c.is_live, c.is_active
         from creators c join users u on u.id = c.id where u.email = ?`,
      )
      .get(email) as
      | {
          title: string;
          hor_img_url: string;
          ver_img_url: string;
          home_video_url: string;
          lebavard_url: string;
          is_live: number;
          is_active: number;
        }
      | undefined;
  } finally {
    db.close();
  }
}

/** Puts a script code straight in a creator's row, as older data may hold it. */
export function storeScriptCode(email: string, code: string): void {
  const db = openDatabase();
  try {
    db.prepare('update creators set lebavard_url = ? where id = (select id from users where email = ?)').run(
      code,
      email,
    );
  } finally {
    db.close();
  }
}

/** Width, height and format of a stored image, read back from the server's disk. */
export async function storedImageSize(key: string) {
  const { width, height, format } = await sharp(path.join(E2E_DATA_DIR, 'files', key)).metadata();
  return { width, height, format };
}

/** Completes a creator's page through the API (the browser context must be signed in as them). */
export async function completePageViaApi(request: APIRequestContext, title = 'Ma page') {
  const [horizontal, vertical] = await Promise.all([
    picture('h.png', 1200, 800),
    picture('v.png', 800, 1200),
  ]);
  const response = await request.put('/api/page', {
    multipart: {
      data: JSON.stringify({ title, home_video_url: VIDEO_LINK }),
      horizontal,
      vertical,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Users straight in the database, e-mails `{tag}-0000@…` upwards; returns the e-mails in order. */
export function seedUsers(tag: string, count: number): string[] {
  const emails = Array.from(
    { length: count },
    (_, index) => `${tag}-${String(index).padStart(4, '0')}@seed.test`,
  );
  const db = openDatabase();
  try {
    const insert = db.prepare(
      `insert into users (id, email, password_hash, is_creator, is_superadmin, created_at)
       values (?, ?, 'not-a-password', 0, 0, ?)`,
    );
    db.transaction(() => {
      for (const email of emails) insert.run(randomUUID(), email, Date.now());
    })();
  } finally {
    db.close();
  }
  return emails;
}
