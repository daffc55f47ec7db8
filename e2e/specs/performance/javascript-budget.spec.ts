import { expect, test, type Locator, type Page, type Response } from '@playwright/test';
import { admin, signIn } from '../../support/fixtures.ts';

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
