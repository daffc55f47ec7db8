import { expect, test } from '@playwright/test';
import { MESSAGES } from '@coulisses/domain/messages';
import { createUser, signIn } from '../../support/fixtures.ts';

test.describe('error screens', () => {
  test.beforeEach(async ({ context }) => {
    await signIn(context, await createUser({ prefix: 'errors' }));
  });

  test('a page whose code cannot be downloaded says so and offers a reload that works', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Tes stats' })).toBeVisible();
    await page.route('**/assets/page-settings-*.js', (route) => route.abort('internetdisconnected'));

    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Page' })
      .click();
    const screen = page.getByRole('alert');
    await expect(screen).toContainText(MESSAGES.chunkLoadFailed);

    await page.unrouteAll();
    await screen.getByRole('button', { name: 'Recharger la page' }).click();
    await expect(page).toHaveURL(/\/pagesettings$/);
    await expect(page.getByRole('button', { name: 'Enregistrer' })).toBeVisible();
  });

  test("a page that fails to render shows 'Unexpected Application Error!' with a way back", async ({
    page,
  }) => {
    // An answer of the wrong shape makes the dashboard throw while rendering.
    await page.route('**/api/stats/dashboard', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }),
    );
    await page.goto('/dashboard');
    const screen = page.getByRole('alert');
    await expect(screen.getByRole('heading', { name: MESSAGES.unexpectedApplicationError })).toBeVisible();

    await page.unrouteAll();
    await screen.getByRole('link', { name: 'Revenir à l’accueil' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('link', { name: 'Aller à mon espace' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Tes stats' })).toBeVisible();
  });
});
