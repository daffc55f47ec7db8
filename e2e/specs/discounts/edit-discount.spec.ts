import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '@coulisses/domain/messages';
import { admin, signIn } from '../../support/fixtures.ts';
import { expectAlert } from '../../support/creators.ts';
import { expectNoHorizontalScroll, PHONE } from '../../support/foundation.ts';
import { withDatabase } from '../../support/server-state.ts';
import {
  findDiscountByTitle,
  photo,
  seedDiscountCategory,
  seedDiscounts,
  storedFileExists,
  storedImageSize,
  uniqueTag,
} from '../../support/discounts.ts';

const titleField = (page: Page) => page.getByLabel('Titre');
const save = (page: Page) => page.getByRole('button', { name: 'Enregistrer' }).click();

async function search(page: Page, query: string) {
  await page.getByRole('searchbox', { name: 'Chercher un discount par son titre' }).fill(query);
  await page.getByRole('button', { name: 'Chercher' }).click();
}

test.beforeEach(async ({ context }) => {
  await signIn(context, admin);
});

for (const [device, viewport] of [
  ['phone', PHONE],
  ['desktop', { width: 1280, height: 800 }],
] as const) {
  test(`on a ${device}, the superadmin corrects a discount and replaces its image; the list keeps its search`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const tag = uniqueTag();
    const category = `Sorties ${tag}`;
    const categoryId = await seedDiscountCategory(category);
    const [discount] = await seedDiscounts([`Cinéma ${tag}`], {
      code: 'CINE10',
      start: '2026-03-01',
      end: '2026-03-31',
      categoryId,
    });
    await withDatabase((db) =>
      db.updateTable('discounts').set({ views: 12, clicks: 3 }).where('id', '=', discount!.id).execute(),
    );

    await page.goto('/discounts');
    await search(page, tag);
    await page.getByRole('link', { name: `Modifier le discount Cinéma ${tag}` }).click();
    await expect(page).toHaveURL(new RegExp(`/discounts/${discount!.id}$`));
    await expect(page.getByRole('heading', { name: 'Modifier le discount', level: 1 })).toBeVisible();
    await expect(titleField(page)).toHaveValue(`Cinéma ${tag}`);
    await expect(page.getByLabel('Code (optionnel)')).toHaveValue('CINE10');
    await expect(page.getByLabel('Date de début')).toHaveValue('01/03/2026');
    await expect(page.getByLabel('Date de fin')).toHaveValue('31/03/2026');
    await expect(page.getByRole('checkbox', { name: category })).toBeChecked();
    await expectNoHorizontalScroll(page);

    await titleField(page).fill(`Cinéma -30 % ${tag}`);
    await page.getByLabel('Code (optionnel)').fill('CINE30');
    await page.getByLabel('Date de fin').fill('15/04/2026');
    await page.getByLabel('Image').setInputFiles(await photo('affiche.png', 1600, 1200));
    await save(page);
    await expectAlert(page, MESSAGES.discountSaved);

    await expect(page).toHaveURL(/\/discounts\?q=/);
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: `Cinéma -30 % ${tag}` }) });
    await expect(card.getByText('Code : CINE30')).toBeVisible();
    await expect(card.getByText('Fin : 15/04/2026')).toBeVisible();

    const stored = await findDiscountByTitle(`Cinéma -30 % ${tag}`);
    expect(stored).toMatchObject({ id: discount!.id, code: 'CINE30', views: 12, clicks: 3 });
    expect(stored!.image_url).not.toBe(discount!.imageKey);
    expect(await storedImageSize(stored!.image_url)).toEqual({ width: 900, height: 600, format: 'jpeg' });
    expect(await storedFileExists(discount!.imageKey)).toBe(false);
  });
}

test('a bad end date is refused at its field and nothing is saved', async ({ page }) => {
  const tag = uniqueTag();
  const categoryId = await seedDiscountCategory(`Bien-être ${tag}`);
  const [discount] = await seedDiscounts([`Spa ${tag}`], {
    start: '2026-05-01',
    end: '2026-05-31',
    categoryId,
  });
  await page.goto(`/discounts/${discount!.id}`);
  await expect(titleField(page)).toHaveValue(`Spa ${tag}`);
  await page.getByLabel('Date de fin').fill('01/04/2026');
  await save(page);
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(new RegExp(`/discounts/${discount!.id}$`));
  await expect(page.getByLabel('Date de fin')).toHaveAttribute('aria-invalid', 'true');
  const stored = await withDatabase((db) =>
    db
      .selectFrom('discounts')
      .select(['end_date', 'version'])
      .where('id', '=', discount!.id)
      .executeTakeFirst(),
  );
  expect(stored).toEqual({ end_date: Date.parse('2026-05-31T00:00:00Z'), version: 1 });
});

test('a discount saved meanwhile is refused, and the form offers to reload it', async ({ page }) => {
  const tag = uniqueTag();
  const categoryId = await seedDiscountCategory(`Loisirs ${tag}`);
  const [discount] = await seedDiscounts([`Karting ${tag}`], { categoryId });
  await page.goto(`/discounts/${discount!.id}`);
  await expect(titleField(page)).toHaveValue(`Karting ${tag}`);
  await withDatabase((db) =>
    db
      .updateTable('discounts')
      .set((eb) => ({ title: `Karting (autre onglet) ${tag}`, version: eb('version', '+', 1) }))
      .where('id', '=', discount!.id)
      .execute(),
  );
  await titleField(page).fill(`Karting (moi) ${tag}`);
  await save(page);
  await expectAlert(page, MESSAGES.editedMeanwhile);
  await expect(titleField(page)).toHaveValue(`Karting (moi) ${tag}`);
  await page.getByRole('button', { name: 'Recharger le discount' }).click();
  await expect(titleField(page)).toHaveValue(`Karting (autre onglet) ${tag}`);
});

test('leaving the add form with something typed asks first; Rester keeps it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/adddiscount');
  await titleField(page).fill('À moitié tapé');
  await page.getByRole('link', { name: 'Discounts', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(MESSAGES.unsavedChanges);
  await dialog.getByRole('button', { name: 'Rester' }).click();
  await expect(page).toHaveURL(/\/adddiscount$/);
  await expect(titleField(page)).toHaveValue('À moitié tapé');
  await page.getByRole('link', { name: 'Discounts', exact: true }).click();
  await dialog.getByRole('button', { name: 'Quitter' }).click();
  await expect(page).toHaveURL(/\/discounts$/);
});

test('an address that names no discount says so and leads back to the list', async ({ page }) => {
  for (const id of ['x'.repeat(80), 'nexistepas']) {
    await page.goto(`/discounts/${id}`);
    await expect(page.getByRole('alert')).toHaveText(`${MESSAGES.notFound} Revenir à la liste`);
    await expect(titleField(page)).toHaveCount(0);
  }
  await page.getByRole('button', { name: 'Revenir à la liste' }).click();
  await expect(page).toHaveURL(/\/discounts$/);
});

test('a discount deleted meanwhile: its page says so, and the search it came from comes back without it', async ({
  page,
}) => {
  const tag = uniqueTag();
  const [discount] = await seedDiscounts([`Disparu ${tag}`], {
    categoryId: await seedDiscountCategory(`Fin ${tag}`),
  });
  await page.goto('/discounts');
  await search(page, tag);
  const edit = page.getByRole('link', { name: `Modifier le discount Disparu ${tag}` });
  await expect(edit).toBeVisible();
  await withDatabase((db) => db.deleteFrom('discounts').where('id', '=', discount!.id).execute());
  await edit.click();
  await expect(page.getByRole('alert')).toHaveText(`${MESSAGES.notFound} Revenir à la liste`);
  await page.getByRole('button', { name: 'Revenir à la liste' }).click();
  await expect(page).toHaveURL(new RegExp(`/discounts\\?q=${tag}$`));
  await expect(page.getByRole('heading', { name: `Disparu ${tag}` })).toHaveCount(0);
});
