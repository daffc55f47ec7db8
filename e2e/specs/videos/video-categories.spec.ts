import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '@coulisses/domain/messages';
import { quoted } from '@coulisses/domain/rules/quoted';
import { admin, signIn } from '../../support/fixtures.ts';
import { appRunning } from '../../support/foundation.ts';
import {
  expectAlert,
  makeCreator,
  seedVideoCategory,
  seedVideos,
  signInCreator,
  uniqueTag,
} from '../../support/videos.ts';

const chips = (page: Page) => page.getByRole('list', { name: 'Catégories de vidéos' });

async function openCategories(page: Page) {
  await page.goto('/videos');
  await appRunning(page);
  await page.getByText('Catégories de vidéos').click();
}

async function addCategory(page: Page, name: string) {
  await page.getByRole('textbox', { name: 'Nouvelle catégorie' }).fill(name);
  await page.getByRole('button', { name: 'Ajouter la catégorie' }).click();
}

test.describe('as the superadmin', () => {
  test.beforeEach(async ({ context }) => {
    await signIn(context, admin);
  });

  test('adds a category, sorted by name; refuses an empty name and a duplicate', async ({ page }) => {
    const tag = uniqueTag();
    await seedVideoCategory(`${tag} Zumba`);
    await openCategories(page);

    await addCategory(page, `  ${tag} Cuisine  `);
    await expect(chips(page).getByText(`${tag} Cuisine`, { exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Nouvelle catégorie' })).toHaveValue('');
    const names = await chips(page).getByRole('listitem').allTextContents();
    const mine = names
      .map((name) => name.replace(/(aucune vidéo|[\d ]+ vidéos?)✎x$/, ''))
      .filter((name) => name.startsWith(tag));
    expect(mine).toEqual([`${tag} Cuisine`, `${tag} Zumba`]);

    await addCategory(page, '    ');
    await expectAlert(page, MESSAGES.categoryNameEmpty);

    await addCategory(page, `${tag.toUpperCase()} CUISINÉ`);
    await expectAlert(page, MESSAGES.categoryNameTaken);
    await expect(chips(page).getByText(new RegExp(`${tag} cuisin`, 'i'))).toHaveCount(1);
  });

  test('renames a category in use, keeps it on its videos, refuses a taken name; Échap cancels', async ({
    page,
  }) => {
    const tag = uniqueTag();
    const category = await seedVideoCategory(`${tag} Patisserie`);
    await seedVideoCategory(`${tag} Boulangerie`);
    const creator = await makeCreator({ live: true });
    await seedVideos(creator.id, [`${tag} Éclair`], { categoryId: category });
    await openCategories(page);

    await page.getByRole('button', { name: `Renommer la catégorie ${tag} Patisserie` }).click();
    const newName = page.getByRole('textbox', { name: `Nouveau nom de la catégorie ${tag} Patisserie` });
    await expect(newName).toBeFocused();
    await newName.fill(`${tag} boulangerie`);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expectAlert(page, MESSAGES.categoryNameTaken);
    await expect(newName).toHaveValue(`${tag} boulangerie`);

    await newName.fill(`  ${tag} Pâtisserie fine `);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(chips(page).getByText(`${tag} Pâtisserie fine`, { exact: true })).toBeVisible();
    await expect(chips(page).getByText(`${tag} Patisserie`, { exact: true })).toHaveCount(0);
    // Still filed under it: the category cannot go while the video uses it.
    await page.getByRole('button', { name: `Supprimer la catégorie ${tag} Pâtisserie fine` }).focus();
    await page.keyboard.press('Enter');
    await expectAlert(page, MESSAGES.videoCategoryInUse);

    await page.getByRole('button', { name: `Renommer la catégorie ${tag} Boulangerie` }).click();
    const other = page.getByRole('textbox', { name: `Nouveau nom de la catégorie ${tag} Boulangerie` });
    await other.fill('Rien');
    await other.press('Escape');
    await expect(chips(page).getByText(`${tag} Boulangerie`, { exact: true })).toBeVisible();
  });

  test("deletes a category after 'ben oui'; 'oups non' keeps it", async ({ page }) => {
    const tag = uniqueTag();
    await seedVideoCategory(`Voyage ${tag}`);
    await openCategories(page);
    const remove = page.getByRole('button', { name: `Supprimer la catégorie Voyage ${tag}` });

    await remove.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(MESSAGES.categoryDeleteConfirm);
    await expect(
      dialog.getByRole('heading', { name: `Supprimer ${quoted(`Voyage ${tag}`)} ?` }),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'oups non' }).click();
    await expect(dialog).toBeHidden();
    await expect(chips(page).getByText(`Voyage ${tag}`)).toBeVisible();

    await remove.click();
    await page.getByRole('dialog').getByRole('button', { name: 'ben oui' }).click();
    await expect(page.getByText(`Voyage ${tag}`)).toHaveCount(0);
  });

  test('refuses to delete a category a video uses', async ({ page }) => {
    const tag = uniqueTag();
    const creator = await makeCreator({ live: true });
    const category = await seedVideoCategory(`Occupée ${tag}`);
    await seedVideos(creator.id, [`Dans la catégorie ${tag}`], { categoryId: category });
    await openCategories(page);

    // Its use is shown, and the cross says why it cannot delete, before anything is sent.
    const chip = chips(page)
      .getByRole('listitem')
      .filter({ hasText: `Occupée ${tag}` });
    await expect(chip).toContainText('1 vidéo');
    const cross = page.getByRole('button', { name: `Supprimer la catégorie Occupée ${tag}` });
    await expect(cross).toHaveAttribute('aria-disabled', 'true');
    await expect(cross).toHaveAccessibleDescription(MESSAGES.videoCategoryInUse);
    const deletes: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'DELETE') deletes.push(request.url());
    });
    // Marked disabled yet reachable: the keyboard gets to it, and pressing it says why.
    await cross.focus();
    await page.keyboard.press('Enter');
    await expectAlert(page, MESSAGES.videoCategoryInUse);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(deletes).toEqual([]);
    await expect(chips(page).getByText(`Occupée ${tag}`)).toBeVisible();
    // An unused one says so, and its cross works.
    await seedVideoCategory(`Libre ${tag}`);
    await openCategories(page);
    await expect(
      chips(page)
        .getByRole('listitem')
        .filter({ hasText: `Libre ${tag}` }),
    ).toContainText('aucune vidéo');
    await expect(
      page.getByRole('button', { name: `Supprimer la catégorie Libre ${tag}` }),
    ).not.toHaveAttribute('aria-disabled', 'true');
  });
});

test('a creator sees the categories but cannot add, rename or delete them', async ({ page, context }) => {
  const tag = uniqueTag();
  await seedVideoCategory(`Lecture ${tag}`);
  const creator = await makeCreator();
  await signInCreator(context, creator);
  await openCategories(page);
  await expect(chips(page).getByText(`Lecture ${tag}`)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Nouvelle catégorie' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Supprimer la catégorie/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Renommer la catégorie/ })).toHaveCount(0);
});
