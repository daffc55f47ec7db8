import { expect, test, type Locator, type Page, type Response } from '@playwright/test';
import { seedDiscounts } from '../../support/discounts.ts';
import { admin, signIn } from '../../support/fixtures.ts';
import { makeCreator, seedVideos, uniqueTag } from '../../support/videos.ts';

/*
 * The JavaScript a first visit downloads, counted as it travels: the bytes of each response body as
 * the server sent them (brotli here, as Chromium accepts it). The build is deterministic, so the
 * budget is a plain assertion. 1 KB is read as 1,000 bytes, the stricter reading.
 */

const KB = 1000;

/** Opens `path` in a fresh context (no cache) and sums the scripts it loaded once `ready` shows. */
async function javascriptBytes(page: Page, path: string, ready: Locator): Promise<number> {
  const scripts: Response[] = [];
  page.on('response', (response) => {
    if (response.headers()['content-type']?.includes('javascript')) scripts.push(response);
  });
  await page.goto(path);
  await expect(ready).toBeVisible();
  // Lazily loaded chunks count too: wait until nothing more is on its way.
  await page.waitForLoadState('networkidle');

  let total = 0;
  for (const response of scripts) {
    const { responseBodySize } = await response.request().sizes();
    // Below 1 KB the build writes no compressed copy; anything larger must travel compressed.
    if (responseBodySize >= 1024)
      expect.soft(response.headers()['content-encoding'], response.url()).toBe('br');
    total += responseBodySize;
  }
  test.info().annotations.push({ type: 'javascript bytes', description: `${path}: ${total}` });
  return total;
}

test('/login, signed out, loads at most 85 KB of JavaScript', async ({ page }) => {
  const bytes = await javascriptBytes(
    page,
    '/login',
    page.getByRole('heading', { level: 1, name: 'Espace créateurs' }),
  );
  expect(bytes).toBeLessThanOrEqual(85 * KB);
});

test('/dashboard, signed in, loads at most 120 KB of JavaScript', async ({ page, context }) => {
  await signIn(context, admin);
  const bytes = await javascriptBytes(page, '/dashboard', page.getByRole('heading', { name: 'Toi' }));
  expect(bytes).toBeLessThanOrEqual(120 * KB);
});

/*
 * The pages with a form or the journal's filters: the schemas (zod, about 25 KB) come with the
 * form, as it is focused, not with the page, so that none of them weighs more than the others
 * (docs/decisions/047-zod-with-the-form.md).
 */
test.describe('a page with a form or filters, opened from its address', () => {
  const pages: { name: string; path: () => string; ready: (page: Page) => Locator }[] = [];
  let videoId = '';
  let discountId = '';
  test.beforeAll(async () => {
    const creator = await makeCreator();
    const [video] = await seedVideos(creator.id, [`Vidéo du budget ${uniqueTag()}`]);
    const [discount] = await seedDiscounts([`Discount du budget ${uniqueTag()}`]);
    videoId = video!.id;
    discountId = discount!.id;
  });
  const title = (page: Page) => page.getByRole('textbox', { name: 'Titre' });
  pages.push(
    { name: 'edit a video', path: () => `/videos/${videoId}`, ready: title },
    { name: 'edit a discount', path: () => `/discounts/${discountId}`, ready: title },
    { name: 'add a discount', path: () => '/adddiscount', ready: title },
    {
      name: 'add a video',
      path: () => '/addvideo',
      ready: (page) => page.getByRole('heading', { level: 1, name: 'Ajouter une vidéo' }),
    },
    {
      name: 'the journal',
      path: () => '/journal',
      ready: (page) => page.getByRole('heading', { level: 1, name: 'Journal' }),
    },
  );
  for (const { name, path, ready } of pages) {
    test(`${name} loads at most 100 KB of JavaScript`, async ({ page, context }) => {
      await signIn(context, admin);
      const bytes = await javascriptBytes(page, path(), ready(page));
      expect(bytes).toBeLessThanOrEqual(100 * KB);
    });
  }
});
