import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '@coulisses/domain/messages';
import { quoted } from '@coulisses/domain/rules/quoted';
import { admin, signIn } from '../../support/fixtures.ts';
import { currentSource, expectListThumbnail } from '../../support/foundation.ts';
import { findDiscountByTitle, seedDiscounts, storedFileExists, uniqueTag } from '../../support/discounts.ts';

const discountList = (page: Page) => page.getByRole('region', { name: 'Liste des discounts' });
const cardOf = (page: Page, title: string) =>
  discountList(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });

async function search(page: Page, query: string) {
  await page.getByRole('searchbox', { name: 'Chercher un discount par son titre' }).fill(query);
  await page.getByRole('button', { name: 'Chercher' }).click();
}

test.beforeEach(async ({ context }) => {
  await signIn(context, admin);
});

test('pages more than 50 discounts, 50 at a time, with Charger plus', async ({ page }) => {
  const tag = uniqueTag();
  const titles = Array.from({ length: 60 }, (_, i) => `Aaa page ${tag} ${String(i).padStart(2, '0')}`);
  await seedDiscounts([...titles].reverse());

  // Holds the second page until checked, so its loading state can be seen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/discounts?after=*', async (route) => {
    await held;
    await route.continue();
  });

  await page.goto('/discounts');
  const cards = discountList(page).getByRole('listitem');
  await expect(cards).toHaveCount(50);

  await page.getByRole('button', { name: 'Charger plus' }).click();
  await expect(page.getByRole('button', { name: 'Chargement...' })).toBeDisabled();
  release();

  const more = page.getByRole('button', { name: 'Charger plus' });
  await expect.poll(() => cards.count()).toBeGreaterThan(50);
  while (await more.isVisible()) {
    const loaded = await cards.count();
    await more.click();
    await expect.poll(() => cards.count()).toBeGreaterThan(loaded);
  }
  await expect(more).toBeHidden();
  const headings = await discountList(page).getByRole('heading').allTextContents();
  expect(headings.filter((title) => title.includes(tag))).toEqual(titles);
});

test('searches on the server, ignoring case and accents', async ({ page }) => {
  const tag = uniqueTag();
  await seedDiscounts([`Soldes d'été ${tag}`, `Bonne fête ${tag}`, `Rentrée ${tag}`]);
  await page.goto('/discounts');

  await search(page, tag);
  await expect(discountList(page).getByRole('listitem')).toHaveCount(3);

  await search(page, `ÉTE ${tag}`);
  await expect(discountList(page).getByRole('heading')).toHaveText([
    `Bonne fête ${tag}`,
    `Soldes d'été ${tag}`,
  ]);

  await search(page, `introuvable ${tag}`);
  await expect(
    page.getByText(`Aucun discount ne correspond à ${quoted(`introuvable ${tag}`)}.`),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Charger plus' })).toBeHidden();
});

test('shows each card: image linking to the offer in a new tab, title, code and French dates', async ({
  page,
}) => {
  const tag = uniqueTag();
  await seedDiscounts([`Avec code ${tag}`], {
    code: 'COULISSES20',
    start: '2026-06-01',
    end: '2026-06-30',
    link: 'https://cafe.exemple.fr/offre',
  });
  await seedDiscounts([`Sans code ${tag}`], { start: '2026-01-05', end: '2026-02-09' });
  await page.goto('/discounts');
  await search(page, tag);

  const withCode = cardOf(page, `Avec code ${tag}`);
  await expect(withCode.getByText('Code : COULISSES20')).toBeVisible();
  await expect(withCode.getByText('Début : 01/06/2026')).toBeVisible();
  await expect(withCode.getByText('Fin : 30/06/2026')).toBeVisible();
  const link = withCode.getByRole('link', { name: /ouvrir/ });
  await expect(link).toHaveAttribute('href', 'https://cafe.exemple.fr/offre');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  const image = link.getByRole('img');
  await expect(image).toBeVisible();
  // A wide screen draws the card too wide for the thumbnail: it takes the 900-pixel image.
  await expect.poll(() => currentSource(image)).toMatch(/\/files\/discount_images\/[\w-]+\.jpg$/);
  await expect(image).toHaveJSProperty('complete', true);
  await expect(image).toHaveAttribute('srcset', /^\/files\/thumbnails\/discount_images\/[\w-]+\.jpg 300w, /);
  await expectListThumbnail(image);

  const withoutCode = cardOf(page, `Sans code ${tag}`);
  await expect(withoutCode.getByText('Début : 05/01/2026')).toBeVisible();
  await expect(withoutCode.getByText('Fin : 09/02/2026')).toBeVisible();
  await expect(withoutCode.getByText(/Code/)).toHaveCount(0);
});

test('deletes a discount and its image only after Vazy; Nan keeps it', async ({ page }) => {
  const tag = uniqueTag();
  const [discount] = await seedDiscounts([`Éphémère ${tag}`]);
  if (!discount) throw new Error('nothing seeded');
  await page.goto('/discounts');
  await search(page, tag);
  const deleteButton = page.getByRole('button', { name: `Supprimer le discount Éphémère ${tag}` });

  await deleteButton.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(MESSAGES.discountDeleteConfirm);
  await expect(
    dialog.getByRole('heading', { name: `Supprimer ${quoted(`Éphémère ${tag}`)} ?` }),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Nan' }).click();
  await expect(dialog).toBeHidden();
  await expect(cardOf(page, `Éphémère ${tag}`)).toBeVisible();
  expect(await findDiscountByTitle(`Éphémère ${tag}`)).toBeDefined();

  await deleteButton.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Vazy' }).click();
  await expect(cardOf(page, `Éphémère ${tag}`)).toHaveCount(0);
  await expect(page.getByText(`Aucun discount ne correspond à ${quoted(tag)}.`)).toBeVisible();
  expect(await findDiscountByTitle(`Éphémère ${tag}`)).toBeUndefined();
  expect(await storedFileExists(discount.imageKey)).toBe(false);
});

test('says so when a deletion fails, and keeps the discount', async ({ page }) => {
  const tag = uniqueTag();
  await seedDiscounts([`Tenace ${tag}`]);
  await page.route('**/api/discounts/*', (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({ status: 500, json: { error: { code: 'internal_error', message: 'panne' } } })
      : route.continue(),
  );
  await page.goto('/discounts');
  await search(page, tag);
  await page.getByRole('button', { name: `Supprimer le discount Tenace ${tag}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Vazy' }).click();

  const alert = page.getByRole('alertdialog');
  await expect(alert).toContainText(MESSAGES.discountDeleteFailed);
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(cardOf(page, `Tenace ${tag}`)).toBeVisible();
  expect(await findDiscountByTitle(`Tenace ${tag}`)).toBeDefined();
});

test('a list that fails to load says so, and Réessayer loads it', async ({ page }) => {
  const tag = uniqueTag();
  await seedDiscounts([`Retry ${tag}`]);
  // The server answers with an error, as it would while briefly down, until it is back.
  let down = true;
  await page.route('**/api/discounts', async (route) => {
    if (!down) return route.continue();
    await route.fulfill({ status: 503, json: { error: { code: 'internal_error', message: 'down' } } });
  });

  await page.goto('/discounts');
  const problem = discountList(page).getByRole('alert');
  await expect(problem).toContainText('Impossible de charger les discounts.');
  down = false;
  await problem.getByRole('button', { name: 'Réessayer' }).click();

  await expect(problem).toBeHidden();
  await search(page, `Retry ${tag}`);
  await expect(cardOf(page, `Retry ${tag}`)).toBeVisible();
});
