import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { readStoredFile, withDatabase } from './server-state.ts';
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
  return withDatabase((db) =>
    db
      .selectFrom('creators as c')
      .innerJoin('users as u', 'u.id', 'c.id')
      .select([
        'c.title',
        'c.hor_img_url',
        'c.ver_img_url',
        'c.home_video_url',
        'c.lebavard_url',
        'c.is_live',
        'c.is_active',
      ])
      .where('u.email', '=', email)
      .executeTakeFirst(),
  );
}

/** Puts a script code straight in a creator's row, as older data may hold it. */
export async function storeScriptCode(email: string, code: string): Promise<void> {
  await withDatabase((db) =>
    db
      .updateTable('creators')
      .set({ lebavard_url: code })
      .where('id', '=', (eb) => eb.selectFrom('users').select('id').where('email', '=', email))
      .execute(),
  );
}

/** Width, height and format of a stored image, read back from the server's storage. */
export async function storedImageSize(key: string) {
  const { width, height, format } = await sharp(await readStoredFile(key)).metadata();
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
export async function seedUsers(tag: string, count: number): Promise<string[]> {
  const emails = Array.from(
    { length: count },
    (_, index) => `${tag}-${String(index).padStart(4, '0')}@seed.test`,
  );
  const rows = emails.map((email) => ({
    id: randomUUID(),
    email,
    password_hash: 'not-a-password',
    is_creator: 0,
    is_superadmin: 0,
    created_at: Date.now(),
  }));
  await withDatabase((db) =>
    db.transaction().execute(async (trx) => {
      // Batches keep each statement under both databases' limits on bound parameters.
      for (let start = 0; start < rows.length; start += 500) {
        await trx
          .insertInto('users')
          .values(rows.slice(start, start + 500))
          .execute();
      }
    }),
  );
  return emails;
}
