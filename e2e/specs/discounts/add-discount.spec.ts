import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '@coulisses/domain/messages';
import { quoted } from '@coulisses/domain/rules/quoted';
import { admin, signIn } from '../../support/fixtures.ts';
import { withDatabase } from '../../support/server-state.ts';
import {
  findDiscountByTitle,
  photo,
  seedDiscountCategory,
  storedImageSize,
  uniqueTag,
} from '../../support/discounts.ts';

async function fillForm(
  page: Page,
  values: { title?: string; link?: string; code?: string; start?: string; end?: string; category?: string },
) {
  if (values.title !== undefined) await page.getByLabel('Titre').fill(values.title);
  if (values.link !== undefined) await page.getByLabel('Lien').fill(values.link);
  if (values.code !== undefined) await page.getByLabel('Code (optionnel)').fill(values.code);
  if (values.start !== undefined) await page.getByLabel('Date de début').fill(values.start);
  if (values.end !== undefined) await page.getByLabel('Date de fin').fill(values.end);
  if (values.category !== undefined) await page.getByRole('checkbox', { name: values.category }).check();
}

const submit = (page: Page) => page.getByRole('button', { name: 'Ajouter le discount' }).click();

async function expectAlert(page: Page, message: string) {
  const alert = page.getByRole('alertdialog');
  await expect(alert).toContainText(message);
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(alert).toBeHidden();
}

let category: string;
test.beforeEach(async ({ context, page }) => {
  category = `Gourmandise ${uniqueTag()}`;
  await seedDiscountCategory(category);
  await signIn(context, admin);
  await page.goto('/adddiscount');
  await expect(page.getByRole('heading', { name: 'Ajouter un discount' })).toBeVisible();
});

test('adds a discount with its image: success message, clean form, a 900x600 JPEG stored', async ({
  page,
}) => {
  const title = `Brunch -20 % ${uniqueTag()}`;
  await fillForm(page, {
    title,
    link: 'https://brunch.exemple.fr/offre',
    code: 'BRUNCH20',
    start: '01/06/2026',
    end: '30/06/2026',
    category,
  });
  await page.getByLabel('Image').setInputFiles(await photo('brunch.png', 1600, 1200));
  await expect(page.getByRole('img', { name: 'Aperçu : Image' })).toBeVisible();

  // Holds the upload so its progress bar and busy button can be seen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/discounts', async (route) => {
    await held;
    await route.continue();
  });
  await submit(page);
  await expect(page.getByRole('progressbar', { name: 'Envoi : Image' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Envoi…' })).toBeDisabled();
  release();

  await expectAlert(page, MESSAGES.discountAdded);
  for (const label of ['Titre', 'Lien', 'Code (optionnel)', 'Date de début', 'Date de fin']) {
    await expect(page.getByLabel(label)).toHaveValue('');
  }
  await expect(page.getByRole('checkbox', { name: category })).not.toBeChecked();
  await expect(page.getByRole('img', { name: 'Aperçu : Image' })).toHaveCount(0);
  await expect(page.getByRole('progressbar')).toHaveCount(0);

  const stored = await findDiscountByTitle(title);
  expect(stored).toMatchObject({ code: 'BRUNCH20', views: 0, clicks: 0 });
  expect(stored?.image_url).toMatch(/^discount_images\/[A-Za-z0-9_-]+\.jpg$/);
  expect(await storedImageSize(stored?.image_url ?? '')).toEqual({ width: 900, height: 600, format: 'jpeg' });

  // The next steps, at the top of the emptied form: the list searched for it, or another.
  const notice = page.getByRole('status').filter({ hasText: `${quoted(title)} est dans les discounts.` });
  await expect(notice).toBeFocused();
  await expect(notice.getByRole('button', { name: 'Ajouter un autre discount' })).toBeVisible();
  await notice.getByRole('link', { name: 'Voir dans les discounts' }).click();
  await expect(page.getByRole('searchbox')).toHaveValue(title);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('Code : BRUNCH20')).toBeVisible();
  await expect(page.getByText('Début : 01/06/2026')).toBeVisible();
});

test('stores a blank code as empty and shows no code on the card', async ({ page }) => {
  const title = `Sans code ${uniqueTag()}`;
  await fillForm(page, {
    title,
    link: 'http://exemple.fr',
    start: '01/03/2026',
    end: '01/03/2026',
    category,
  });
  await page.getByLabel('Image').setInputFiles(await photo());
  await submit(page);
  await expectAlert(page, MESSAGES.discountAdded);
  expect((await findDiscountByTitle(title))?.code).toBe('');
});

test('asks for every field, at least one category and an image', async ({ page }) => {
  await submit(page);
  await expectAlert(page, MESSAGES.discountFieldsMissing);
  await expect(page.getByLabel('Titre')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Titre')).toBeFocused();
  await expect(page.getByLabel('Titre')).toHaveAccessibleDescription(MESSAGES.fieldRequired);
  await expect(page.getByText(MESSAGES.categoryRequired)).toBeVisible();
  await expect(page.getByText(MESSAGES.imageRequired)).toBeVisible();

  const title = `Presque ${uniqueTag()}`;
  await fillForm(page, { title, link: 'https://exemple.fr', start: '01/01/2026', end: '31/01/2026' });
  await page.getByLabel('Image').setInputFiles(await photo());
  await submit(page);
  await expectAlert(page, MESSAGES.discountFieldsMissing);

  await page.getByRole('checkbox', { name: category }).check();
  await page.getByLabel('Image').setInputFiles([]);
  await submit(page);
  await expectAlert(page, MESSAGES.discountFieldsMissing);
  await expect(page.getByLabel('Titre')).toHaveValue(title);
  expect(await findDiscountByTitle(title)).toBeUndefined();
});

test('refuses a link that is not http(s) and an end before the start, keeping what was typed', async ({
  page,
}) => {
  const title = `Refusé ${uniqueTag()}`;
  await fillForm(page, {
    title,
    link: 'ftp://exemple.fr/promo',
    start: '10/06/2026',
    end: '30/06/2026',
    category,
  });
  await page.getByLabel('Image').setInputFiles(await photo());
  await submit(page);
  await expectAlert(page, MESSAGES.invalidHttpLink);
  await expect(page.getByText(MESSAGES.invalidHttpLink)).toBeVisible();

  await fillForm(page, { link: 'https://exemple.fr', end: '09/06/2026' });
  await submit(page);
  await expectAlert(page, MESSAGES.endBeforeStart);
  await expect(page.getByLabel('Date de fin')).toBeFocused();
  await expect(page.getByLabel('Date de fin')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Titre')).toHaveValue(title);
  expect(await findDiscountByTitle(title)).toBeUndefined();
});

test('dates are typed JJ/MM/AAAA whatever the browser’s language; a day that does not exist is refused', async ({
  page,
}) => {
  const start = page.getByLabel('Date de début');
  await expect(start).toHaveAttribute('placeholder', 'JJ/MM/AAAA');
  await start.pressSequentially('24112026');
  await expect(start).toHaveValue('24/11/2026');

  const title = `Jour impossible ${uniqueTag()}`;
  await fillForm(page, {
    title,
    link: 'https://exemple.fr',
    start: '31/04/2026',
    end: '30/06/2026',
    category,
  });
  await page.getByLabel('Image').setInputFiles(await photo());
  await submit(page);
  await expectAlert(page, MESSAGES.invalidDate);
  await expect(start).toBeFocused();
  await expect(start).toHaveValue('31/04/2026');
  expect(await findDiscountByTitle(title)).toBeUndefined();
});

test("shows the server's refusal of a file that is not an image, keeping the form", async ({ page }) => {
  const title = `Pas une image ${uniqueTag()}`;
  await fillForm(page, {
    title,
    link: 'https://exemple.fr',
    start: '01/01/2026',
    end: '02/01/2026',
    category,
  });
  await page
    .getByLabel('Image')
    .setInputFiles({ name: 'faux.png', mimeType: 'image/png', buffer: Buffer.from('pas une image') });
  await submit(page);
  await expectAlert(page, MESSAGES.imageInvalid);
  await expect(page.getByText(MESSAGES.imageInvalid)).toBeVisible();
  await expect(page.getByLabel('Titre')).toHaveValue(title);
  await expect(page.getByRole('checkbox', { name: category })).toBeChecked();
  expect(await findDiscountByTitle(title)).toBeUndefined();
});

test('sent again after its answer was lost, the form adds one discount and says it was already sent', async ({
  page,
}) => {
  const title = `Réseau capricieux ${uniqueTag()}`;
  // The server adds the discount, but its answer never reaches the browser.
  let lost = false;
  await page.route('**/api/discounts', async (route) => {
    if (lost || route.request().method() !== 'POST') return route.continue();
    lost = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await fillForm(page, {
    title,
    link: 'https://boutique.exemple.fr/offre',
    start: '01/06/2026',
    end: '30/06/2026',
    category,
  });
  await page.getByLabel('Image').setInputFiles(await photo('offre.png', 1600, 1200));
  await submit(page);
  await expectAlert(page, 'Connexion impossible. Vérifie ton réseau et réessaie.');
  expect(await findDiscountByTitle(title)).toBeDefined();
  await expect(page.getByLabel('Titre')).toHaveValue(title);

  await submit(page);
  await expectAlert(page, MESSAGES.alreadySubmitted);
  await expect(page.getByLabel('Titre')).toHaveValue('');
  const { n } = await withDatabase((db) =>
    db
      .selectFrom('discounts')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('title', '=', title)
      .executeTakeFirstOrThrow(),
  );
  // PostgreSQL answers count(*) as a string.
  expect(Number(n)).toBe(1);
});
