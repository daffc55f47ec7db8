import { expect, test, type Page } from '@playwright/test';
import { createUser, signIn } from '../../support/fixtures.ts';
import { PHONE, sessionCountOf } from '../../support/foundation.ts';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Navigation principale' });
const videosButton = (page: Page) => nav(page).getByRole('button', { name: 'Vidéos' });

/** The names and targets of the links the navbar shows, in order. */
async function visibleLinks(page: Page) {
  const links = nav(page).getByRole('link');
  const result: [string, string | null][] = [];
  for (const link of await links.all()) {
    if (await link.isVisible())
      result.push([(await link.innerText()).trim(), await link.getAttribute('href')]);
  }
  return result;
}

test.describe('navbar', () => {
  test('signed out: only a Connexion button besides the brand', async ({ page }) => {
    await page.goto('/');
    // The navbar waits for the session check before it shows anything.
    await expect(nav(page).getByRole('link', { name: 'Connexion' })).toBeVisible();
    await expect(nav(page).getByRole('button')).toHaveCount(0);
    expect(await visibleLinks(page)).toEqual([
      ['Coulisses', '/'],
      ['Connexion', '/login'],
    ]);
    await nav(page).getByRole('link', { name: 'Connexion' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('creator: Dashboard, the Vidéos submenu without Toutes les vidéos, Page, Mon compte, Déconnexion', async ({
    page,
    context,
  }) => {
    await signIn(context, await createUser());
    await page.goto('/dashboard');

    await expect(videosButton(page)).toHaveAttribute('aria-expanded', 'false');
    expect(await visibleLinks(page)).toEqual([
      ['Coulisses', '/dashboard'],
      ['Dashboard', '/dashboard'],
      ['Page', '/pagesettings'],
      ['Mon compte', '/account'],
    ]);
    await expect(nav(page).getByRole('button', { name: 'Déconnexion' })).toBeVisible();
    for (const name of ['Toutes les vidéos', 'À la une', 'Discounts', '+discount', 'Abonnés', 'Créateurs']) {
      await expect(nav(page).getByRole('link', { name, exact: true })).toHaveCount(0);
    }

    await videosButton(page).click();
    await expect(videosButton(page)).toHaveAttribute('aria-expanded', 'true');
    expect(await visibleLinks(page)).toEqual([
      ['Coulisses', '/dashboard'],
      ['Dashboard', '/dashboard'],
      ['Mes vidéos', '/videos'],
      ['Commentaires', '/comments'],
      ['Ajouter une vidéo', '/addvideo'],
      ['Page', '/pagesettings'],
      ['Mon compte', '/account'],
    ]);
  });

  test('superadmin: everything, with Toutes les vidéos first in the submenu', async ({ page, context }) => {
    await signIn(context, await createUser({ prefix: 'admin', superadmin: true }));
    await page.goto('/dashboard');
    await videosButton(page).click();
    expect(await visibleLinks(page)).toEqual([
      ['Coulisses', '/dashboard'],
      ['Dashboard', '/dashboard'],
      ['Toutes les vidéos', '/allvideos'],
      ['À la une', '/featured'],
      ['Mes vidéos', '/videos'],
      ['Commentaires', '/comments'],
      ['Ajouter une vidéo', '/addvideo'],
      ['Discounts', '/discounts'],
      ['+discount', '/adddiscount'],
      ['Abonnés', '/users'],
      ['Créateurs', '/creators'],
      ['Journal', '/journal'],
      ['Page', '/pagesettings'],
      ['Mon compte', '/account'],
    ]);
    await expect(nav(page).getByRole('button', { name: 'Déconnexion' })).toBeVisible();
  });

  test('at 1280 px the superadmin’s whole menu stays on one line beside the brand', async ({
    page,
    context,
  }) => {
    await signIn(context, await createUser({ prefix: 'admin', superadmin: true }));
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/dashboard');
    const brand = await nav(page).getByRole('link', { name: 'Coulisses' }).boundingBox();
    const menu = await page.locator('#main-menu').boundingBox();
    // One row of 44 px links, level with the brand.
    expect(menu!.height).toBeLessThan(60);
    expect(menu!.y).toBeLessThan(brand!.y + brand!.height);
  });

  test('the Vidéos submenu works with the keyboard', async ({ page, context }) => {
    await signIn(context, await createUser());
    await page.goto('/dashboard');
    const button = videosButton(page);
    const mine = nav(page).getByRole('link', { name: 'Mes vidéos' });
    const comments = nav(page).getByRole('link', { name: 'Commentaires' });
    const add = nav(page).getByRole('link', { name: 'Ajouter une vidéo' });

    await nav(page).getByRole('link', { name: 'Dashboard' }).focus();
    await page.keyboard.press('Tab');
    await expect(button).toBeFocused();
    await expect(mine).toBeHidden();

    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(mine).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(comments).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(add).toBeFocused();

    // Escape closes it and gives focus back to the button.
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();
    await expect(add).toBeHidden();

    // Space opens it too; leaving it with Tab closes it.
    await page.keyboard.press('Space');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    await expect(nav(page).getByRole('link', { name: 'Page' })).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    // Enter on a submenu link follows it.
    await button.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/videos$/);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('the Vidéos submenu closes on a click elsewhere', async ({ page, context }) => {
    await signIn(context, await createUser());
    await page.goto('/dashboard');
    await videosButton(page).click();
    await expect(nav(page).getByRole('link', { name: 'Mes vidéos' })).toBeVisible();
    await page.getByRole('heading', { name: 'Tes stats' }).click();
    await expect(nav(page).getByRole('link', { name: 'Mes vidéos' })).toBeHidden();
  });

  test('Déconnexion ends the session on the server and goes to /login', async ({ page, context }) => {
    const creator = await createUser();
    await signIn(context, creator);
    await page.goto('/dashboard');
    expect(await sessionCountOf(creator.email)).toBe(1);

    await nav(page).getByRole('button', { name: 'Déconnexion' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(nav(page).getByRole('link', { name: 'Connexion' })).toBeVisible();
    expect(await sessionCountOf(creator.email)).toBe(0);
    expect((await context.request.get('/api/auth/me')).status()).toBe(204);

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('on a phone, the menu folds behind a Menu button', async ({ page, context }) => {
    await page.setViewportSize(PHONE);
    await signIn(context, await createUser());
    await page.goto('/dashboard');
    const toggle = nav(page).getByRole('button', { name: 'Menu' });
    const dashboardLink = nav(page).getByRole('link', { name: 'Dashboard' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(dashboardLink).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(dashboardLink).toBeVisible();
    await videosButton(page).click();
    await expect(nav(page).getByRole('link', { name: 'Mes vidéos' })).toBeVisible();

    await nav(page).getByRole('link', { name: 'Page' }).click();
    await expect(page).toHaveURL(/\/pagesettings$/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
