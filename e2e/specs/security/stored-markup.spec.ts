import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { admin, openDatabase, signIn, signInWithForm, userIdOf } from '../../support/fixtures.ts';

/*
 * Stored XSS: markup typed into titles, category names, discount codes, bios and the assistant
 * script is stored as typed and shown as text on every page; no dialog opens and nothing runs.
 */

const SCRIPT = '<script>window.__pwned = "script"</script>';
const IMG = '<img src=x onerror="window.__pwned = \'img\'; alert(1)">';
const LINK = 'javascript:alert(document.cookie)';

test.beforeAll(() => {
  const db = openDatabase();
  const now = Date.now();
  const adminId = userIdOf(admin.email);
  const videoCategory = randomUUID();
  const discountCategory = randomUUID();
  const videoId = randomUUID();
  const discountId = randomUUID();
  try {
    db.prepare('insert into video_categories (id, name, name_key, created_at) values (?, ?, ?, ?)').run(
      videoCategory,
      `Cat ${IMG}`,
      `cat-img-${videoCategory}`,
      now,
    );
    db.prepare('insert into discount_categories (id, name, name_key, created_at) values (?, ?, ?, ?)').run(
      discountCategory,
      `Promo ${SCRIPT}`,
      `promo-script-${discountCategory}`,
      now,
    );
    db.prepare(
      `insert into videos (id, title, title_lowercase, title_search, hor_img_url, ver_img_url, video_url, creator_id, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      videoId,
      `Vidéo ${IMG}`,
      `vidéo ${IMG}`.toLowerCase(),
      `video ${IMG}`.toLowerCase(),
      `videos/${adminId}/h.jpg`,
      `videos/${adminId}/v.jpg`,
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      adminId,
      now,
    );
    db.prepare('insert into video_category_links (video_id, category_id) values (?, ?)').run(
      videoId,
      videoCategory,
    );
    db.prepare(
      `insert into discounts (id, title, title_lowercase, title_search, link, code, start_date, end_date, image_url, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      discountId,
      `Remise ${SCRIPT}`,
      `remise ${SCRIPT}`.toLowerCase(),
      `remise ${SCRIPT}`.toLowerCase(),
      'https://boutique.exemple.fr',
      IMG,
      now - 86_400_000,
      now + 86_400_000,
      `discount_images/${discountId}.jpg`,
      now,
    );
    db.prepare('insert into discount_category_links (discount_id, category_id) values (?, ?)').run(
      discountId,
      discountCategory,
    );
    db.prepare(
      'update creators set title = ?, bio = ?, lebavard_url = ?, instagram_url = ?, is_live = 1 where id = ?',
    ).run(`Page ${SCRIPT}`, `Bio ${IMG}`, `${SCRIPT}\n${IMG}`, LINK, adminId);
  } finally {
    db.close();
  }
});

test('markup stays text on every page, and nothing runs', async ({ page, context }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signIn(context, admin);

  // [page, text shown, what to search for on lists that other tests fill past one page]
  const checks: [string, string, string?][] = [
    ['/videos', `Vidéo ${IMG}`, 'Vidéo <img'],
    ['/allvideos', `Vidéo ${IMG}`, 'Vidéo <img'],
    ['/discounts', `Remise ${SCRIPT}`, 'Remise <script'],
    ['/creators', `Page ${SCRIPT}`],
  ];
  for (const [url, text, query] of checks) {
    await page.goto(url);
    if (query) {
      await page.getByRole('searchbox').fill(query);
      await page.getByRole('searchbox').press('Enter');
    }
    await expect(page.getByText(text).first()).toBeVisible();
  }
  await page.goto('/videos');
  await page
    .getByText(/Catégories/)
    .first()
    .click();
  await expect(page.getByText(`Cat ${IMG}`).first()).toBeVisible();
  await page.goto('/discounts');
  await page.getByRole('searchbox').fill('Remise <script');
  await page.getByRole('searchbox').press('Enter');
  await expect(page.getByText(IMG).first()).toBeVisible();

  await page.goto('/pagesettings');
  await expect(page.getByLabel(/script/i)).toHaveValue(`${SCRIPT}\n${IMG}`);
  await expect(page.getByLabel(/titre/i).first()).toHaveValue(`Page ${SCRIPT}`);

  expect(await page.evaluate(() => (window as { __pwned?: string }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  // A javascript: link typed into a social field is never made a live link anywhere.
  expect(await page.locator('a[href^="javascript:"]').count()).toBe(0);
});

test('the session token never sits in the URL or in web storage', async ({ page }) => {
  await signInWithForm(page, admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  const storage = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  const cookies = await page.context().cookies();
  const session = cookies.find((cookie) => cookie.name === 'coulisses_session');
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe('Lax');
  expect(storage).not.toContain(session!.value);
  expect(page.url()).not.toContain(session!.value);
  expect(await page.evaluate(() => document.cookie)).not.toContain('coulisses_session');
});
