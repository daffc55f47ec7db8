import { expect, test, type Response } from '@playwright/test';

/** Below this size the build writes no compressed copy (packages/web/precompress.ts). */
const MIN_COMPRESSED_BYTES = 1024;

test.describe('web app delivery', () => {
  test('the browser receives the scripts and styles of the login page compressed', async ({ page }) => {
    const assets: Response[] = [];
    page.on('response', (response) => {
      if (/\/assets\/.+\.(js|css)$/.test(new URL(response.url()).pathname)) assets.push(response);
    });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: /connexion/i })).toBeVisible();

    let checked = 0;
    for (const response of assets) {
      if ((await response.body()).length < MIN_COMPRESSED_BYTES) continue;
      checked += 1;
      expect.soft(response.headers()['content-encoding'], response.url()).toMatch(/^(br|gzip)$/);
    }
    expect(checked).toBeGreaterThan(0);
  });
});
