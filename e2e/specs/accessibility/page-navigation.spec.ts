import { expect, test } from '@playwright/test';
import { admin, signIn } from '../../support/fixtures.ts';
import { appRunning } from '../../support/foundation.ts';

/*
 * What a screen reader user relies on between pages: each page names itself in the tab, and after
 * a navigation the focus lands on the new page's heading.
 */

const PUBLIC_PAGES = [
  { path: '/', title: 'Accueil' },
  { path: '/login', title: 'Espace créateurs' },
  { path: '/privacy', title: 'Politique de confidentialité' },
  { path: '/cgv', title: 'Conditions générales d’utilisation' },
];

const SIGNED_IN_PAGES = [
  { path: '/dashboard', title: 'Dashboard' },
  { path: '/videos', title: 'Mes vidéos' },
  { path: '/allvideos', title: 'Toutes les vidéos' },
  { path: '/addvideo', title: 'Ajouter une vidéo' },
  { path: '/discounts', title: 'Discounts' },
  { path: '/adddiscount', title: 'Ajouter un discount' },
  { path: '/users', title: 'Abonnés' },
  { path: '/creators', title: 'Créateurs' },
  { path: '/pagesettings', title: 'Ma page' },
];

test('every public page names itself in the browser tab', async ({ page }) => {
  for (const { path, title } of PUBLIC_PAGES) {
    await page.goto(path);
    await expect(page).toHaveTitle(`${title} · Coulisses`);
  }
});

test('every signed-in page names itself in the browser tab', async ({ page, context }) => {
  await signIn(context, admin);
  for (const { path, title } of SIGNED_IN_PAGES) {
    await page.goto(path);
    await expect(page).toHaveTitle(`${title} · Coulisses`);
  }
});

test('the title follows in-app navigation', async ({ page, context }) => {
  await signIn(context, admin);
  await page.goto('/dashboard');
  await expect(page).toHaveTitle('Dashboard · Coulisses');
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Abonnés' })
    .click();
  await expect(page).toHaveTitle('Abonnés · Coulisses');
});

test('a navigation moves the focus to the new page heading, the first load does not', async ({
  page,
  context,
}) => {
  await signIn(context, admin);
  await page.goto('/dashboard');
  const stats = page.getByRole('heading', { level: 1, name: 'Tes stats' });
  await expect(stats).toBeVisible();
  await expect(stats).not.toBeFocused();

  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Créateurs' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Créateurs' })).toBeFocused();

  await page.goBack();
  await expect(stats).toBeFocused();
});

test('with the keyboard, the next Tab after a navigation starts inside the new page', async ({ page }) => {
  await page.goto('/');
  // The landing page arrives prerendered: until the app's code has come and run, a link loads a
  // whole page, whose first load leaves focus where the browser puts it.
  await appRunning(page);
  await page
    .getByRole('navigation', { name: 'Informations légales' })
    .getByRole('link', { name: 'Politique de confidentialité' })
    .press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Politique de confidentialité' })).toBeFocused();

  await page.keyboard.press('Tab');
  await expect(
    page.getByRole('main').getByRole('link', { name: 'conditions générales d’utilisation' }),
  ).toBeFocused();
});
