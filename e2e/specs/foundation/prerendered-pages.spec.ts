import { expect, test } from '@playwright/test';
import { createUser, signIn } from '../../support/fixtures.ts';
import { APP_STORE_URL, consoleMessages, openWithHeldScript } from '../../support/foundation.ts';

/*
 * `/` and `/login` come prerendered to a signed-out visitor (docs/decisions/020-prerendered-pages.md):
 * the page is in the HTML, and React takes it over (hydrates it) instead of drawing it again. A
 * page that React could not take over logs an error in the console and is drawn anew.
 */

test.describe('prerendered pages, signed out', () => {
  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the landing page and the login form are in the HTML itself', async ({ page }) => {
      await page.goto('/');
      await expect(page).toHaveTitle('Accueil · Coulisses');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Bienvenue dans les coulisses' }),
      ).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Ce que propose l’app' }).getByRole('heading', { level: 2 }),
      ).toHaveCount(3);

      await page.goto('/login');
      await expect(page).toHaveTitle('Espace créateurs · Coulisses');
      await expect(page.getByRole('heading', { level: 1, name: 'Espace créateurs' })).toBeVisible();
      await expect(page.getByLabel('E-mail')).toBeVisible();
      await expect(page.getByLabel('Mot de passe')).toBeVisible();
      // Until the page's code runs, the browser must not send the form itself (a GET, password in the address).
      await expect(page.getByRole('button', { name: 'Connexion' })).toBeDisabled();
    });
  });

  test('React takes the login page over without a console message, and the form signs in', async ({
    page,
  }) => {
    const messages = consoleMessages(page);
    const creator = await createUser();
    const { h1, release } = await openWithHeldScript(page, '/login', 'Espace créateurs');
    // Typed before the app runs, and kept.
    await page.getByLabel('E-mail').fill(creator.email);
    release();

    const submit = page.getByRole('button', { name: 'Connexion' });
    await expect(submit).toBeEnabled();
    await expect(h1).toHaveAttribute('data-prerendered', '');
    await expect(page.getByLabel('E-mail')).toHaveValue(creator.email);
    await page.getByLabel('Mot de passe').fill(creator.password);
    await submit.click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Tes stats' })).toBeVisible();
    expect(messages).toEqual([]);
  });

  test('React takes the landing page over without a console message', async ({ page }) => {
    const messages = consoleMessages(page);
    const { h1, release } = await openWithHeldScript(page, '/', 'Bienvenue dans les coulisses');
    release();

    // The store link comes from the server's configuration, once the app runs.
    await expect(page.getByRole('link', { name: 'Télécharger l’app' })).toHaveAttribute(
      'href',
      APP_STORE_URL,
    );
    await page.waitForLoadState('networkidle');
    await expect(h1).toHaveAttribute('data-prerendered', '');
    await page.getByRole('link', { name: 'Espace créateurs' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Espace créateurs' })).toBeVisible();
    await expect(page).toHaveTitle('Espace créateurs · Coulisses');
    expect(messages).toEqual([]);
  });

  test('a page prerendered in an earlier year shows this year once the app runs', async ({ page }) => {
    const messages = consoleMessages(page);
    const nextYear = new Date().getFullYear() + 1;
    await page.clock.setFixedTime(new Date(`${nextYear}-01-01T12:00:00Z`));
    await page.goto('/');
    await expect(page.getByRole('contentinfo')).toContainText(`© ${nextYear} Coulisses`);
    expect(messages).toEqual([]);
  });
});

test.describe('the same addresses, signed in', () => {
  test('/login goes to the dashboard and / offers the creator’s space, without a console message', async ({
    page,
    context,
  }) => {
    const messages = consoleMessages(page);
    await signIn(context, await createUser());
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Tes stats' })).toBeVisible();

    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Aller à mon espace' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Déconnexion' })).toBeVisible();
    expect(messages).toEqual([]);
  });
});
