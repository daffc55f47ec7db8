import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { admin, signIn, signInWithForm, userIdOf } from '../../support/fixtures.ts';
import { withDatabase } from '../../support/server-state.ts';

/*
 * Stored XSS: markup typed into titles, category names, discount codes, bios and the assistant
 * script is stored as typed and shown as text on every page; no dialog opens and nothing runs.
 */

const SCRIPT = '<script>window.__pwned = "script"</script>';
const IMG = '<img src=x onerror="window.__pwned = \'img\'; alert(1)">';
const LINK = 'javascript:alert(document.cookie)';

test.beforeAll(async () => {
  const now = Date.now();
  const adminId = await userIdOf(admin.email);
  const videoCategory = randomUUID();
  const discountCategory = randomUUID();
  const videoId = randomUUID();
  const discountId = randomUUID();
  await withDatabase(async (db) => {
    await db
      .insertInto('video_categories')
      .values({
        id: videoCategory,
        name: `Cat ${IMG}`,
        name_key: `cat-img-${videoCategory}`,
        created_at: now,
      })
      .execute();
    await db
      .insertInto('discount_categories')
      .values({
        id: discountCategory,
        name: `Promo ${SCRIPT}`,
        name_key: `promo-script-${discountCategory}`,
        created_at: now,
      })
      .execute();
    await db
      .insertInto('videos')
      .values({
        id: videoId,
        title: `Vidéo ${IMG}`,
        title_lowercase: `vidéo ${IMG}`.toLowerCase(),
        title_search: `video ${IMG}`.toLowerCase(),
        hor_img_url: `videos/${adminId}/h.jpg`,
        ver_img_url: `videos/${adminId}/v.jpg`,
        video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        creator_id: adminId,
        created_at: now,
      })
      .execute();
    await db
      .insertInto('video_category_links')
      .values({ video_id: videoId, category_id: videoCategory })
      .execute();
    await db
      .insertInto('discounts')
      .values({
        id: discountId,
        title: `Remise ${SCRIPT}`,
        title_lowercase: `remise ${SCRIPT}`.toLowerCase(),
        title_search: `remise ${SCRIPT}`.toLowerCase(),
        link: 'https://boutique.exemple.fr',
        code: IMG,
        start_date: now - 86_400_000,
        end_date: now + 86_400_000,
        image_url: `discount_images/${discountId}.jpg`,
        created_at: now,
      })
      .execute();
    await db
      .insertInto('discount_category_links')
      .values({ discount_id: discountId, category_id: discountCategory })
      .execute();
    await db
      .updateTable('creators')
      .set({
        title: `Page ${SCRIPT}`,
        bio: `Bio ${IMG}`,
        lebavard_url: `${SCRIPT}\n${IMG}`,
        instagram_url: LINK,
        is_live: 1,
      })
      .where('id', '=', adminId)
      .execute();
  });
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
