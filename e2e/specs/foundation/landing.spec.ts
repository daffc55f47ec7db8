import { expect, test } from '@playwright/test';
import { createUser, signIn } from '../../support/fixtures.ts';
import { APP_STORE_URL } from '../../support/foundation.ts';

test.describe('landing page', () => {
  test('welcomes the visitor, links to the app store and shows the three blurbs', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Bienvenue dans les coulisses' })).toBeVisible();

    const download = page.getByRole('link', { name: 'Télécharger l’app' });
    await expect(download).toHaveAttribute('href', APP_STORE_URL);
    await expect(download).toHaveAttribute('target', '_blank');
    await expect(download).toHaveAttribute('rel', /noopener/);

    const blurbs = page
      .getByRole('region', { name: 'Ce que propose l’app' })
      .getByRole('heading', { level: 2 });
    await expect(blurbs).toHaveText([
      'Le contenu de tes créateurs, rangé par catégorie',
      'Commente leurs posts',
      'Des offres et des réductions exclusives',
    ]);
    // What the app looks like, drawn on the page: no image file to fetch.
    const mockup = page.getByRole('img', { name: /^Aperçu de l’app/ });
    await expect(mockup).toBeVisible();
    expect(await mockup.evaluate((element) => element.tagName.toLowerCase())).toBe('svg');
  });

  test('the login page says Connexion on its buttons only, under its own title', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Espace créateurs');
    await expect(page.getByText('Connexion', { exact: true })).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Connexion' })).toBeVisible();
  });

  test('sends a signed-out creator to the login page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Espace créateurs' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Espace créateurs' })).toBeVisible();
  });

  test('sends a signed-in creator to their dashboard', async ({ page, context }) => {
    await signIn(context, await createUser());
    await page.goto('/');
    await page.getByRole('link', { name: 'Aller à mon espace' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a signed-out visit to / and /login logs no error in the console', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Bienvenue dans les coulisses' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Espace créateurs' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });
});

test.describe('footer', () => {
  test('shows the copyright, the developer credit and both legal pages', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Coulisses`);
    await expect(footer.getByRole('link', { name: 'l’équipe Coulisses' })).toHaveAttribute(
      'href',
      /^https:\/\//,
    );

    await footer.getByRole('link', { name: 'Politique de confidentialité' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Politique de confidentialité' })).toBeVisible();

    await footer.getByRole('link', { name: 'Conditions générales d’utilisation' }).click();
    await expect(page).toHaveURL(/\/cgv$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Conditions générales d’utilisation' }),
    ).toBeVisible();
  });

  test('is on every page, signed in too', async ({ page, context }) => {
    await signIn(context, await createUser());
    for (const url of ['/login', '/dashboard', '/privacy']) {
      await page.goto(url);
      await expect(
        page.getByRole('contentinfo').getByRole('link', { name: 'Politique de confidentialité' }),
      ).toBeVisible();
    }
  });
});
