import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '@coulisses/domain/messages';
import { admin, signIn } from '../../support/fixtures.ts';
import { seedDiscountCategory, seedDiscounts, uniqueTag } from '../../support/discounts.ts';

async function openCategories(page: Page) {
  await page.goto('/discounts');
  await page.getByText('Catégories de discounts').click();
}

const chips = (page: Page) => page.getByRole('list', { name: 'Catégories de discounts' });

async function addCategory(page: Page, name: string) {
  await page.getByRole('textbox', { name: 'Nouvelle catégorie' }).fill(name);
  await page.getByRole('button', { name: 'Ajouter la catégorie' }).click();
}

async function expectAlert(page: Page, message: string) {
  const alert = page.getByRole('alertdialog');
  await expect(alert).toContainText(message);
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(alert).toBeHidden();
}

test.beforeEach(async ({ context }) => {
  await signIn(context, admin);
});

test('adds a discount category; refuses an empty name and a duplicate', async ({ page }) => {
  const tag = uniqueTag();
  await openCategories(page);

  await addCategory(page, `Mode ${tag}`);
  await expect(chips(page).getByText(`Mode ${tag}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Nouvelle catégorie' })).toHaveValue('');

  await addCategory(page, '   ');
  await expectAlert(page, MESSAGES.categoryNameEmpty);

  await addCategory(page, `MODE ${tag}`);
  await expectAlert(page, MESSAGES.categoryNameTaken);
  await expect(chips(page).getByText(new RegExp(`mode ${tag}`, 'i'))).toHaveCount(1);
});

test('deletes a category after ben oui; oups non keeps it', async ({ page }) => {
  const tag = uniqueTag();
  await seedDiscountCategory(`Voyage ${tag}`);
  await openCategories(page);
  const remove = page.getByRole('button', { name: `Supprimer la catégorie Voyage ${tag}` });

  await remove.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(MESSAGES.categoryDeleteConfirm);
  await dialog.getByRole('button', { name: 'oups non' }).click();
  await expect(chips(page).getByText(`Voyage ${tag}`)).toBeVisible();

  await remove.click();
  await page.getByRole('dialog').getByRole('button', { name: 'ben oui' }).click();
  await expect(page.getByText(`Voyage ${tag}`)).toHaveCount(0);
});

test('refuses to delete a category that a discount uses', async ({ page }) => {
  const tag = uniqueTag();
  const categoryId = await seedDiscountCategory(`Sport ${tag}`);
  await seedDiscounts([`Baskets ${tag}`], { categoryId });
  await openCategories(page);

  await expect(
    chips(page)
      .getByRole('listitem')
      .filter({ hasText: `Sport ${tag}` }),
  ).toContainText('1 discount');
  const cross = page.getByRole('button', { name: `Supprimer la catégorie Sport ${tag}` });
  await expect(cross).toHaveAttribute('aria-disabled', 'true');
  await expect(cross).toHaveAccessibleDescription(MESSAGES.discountCategoryInUse);
  await cross.focus();
  await page.keyboard.press('Enter');
  await expectAlert(page, MESSAGES.discountCategoryInUse);
  // On a phone the chip's buttons are a finger's size.
  await page.setViewportSize({ width: 375, height: 812 });
  for (const button of [cross, page.getByRole('button', { name: `Renommer la catégorie Sport ${tag}` })]) {
    const box = await button.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(44);
    expect(box?.height).toBeGreaterThanOrEqual(44);
  }
  await expect(chips(page).getByText(`Sport ${tag}`)).toBeVisible();
});
