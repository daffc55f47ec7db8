import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '@coulisses/domain/messages';
import { admin, signIn } from '../../support/fixtures.ts';
import { appRunning, expectNoHorizontalScroll, PHONE } from '../../support/foundation.ts';
import { withDatabase } from '../../support/server-state.ts';
import {
  answerThumbnails,
  expectAlert,
  makeCreator,
  photo,
  seedVideoCategory,
  seedVideos,
  signInCreator,
  storedFileExists,
  storedImageSizesOf,
  uniqueTag,
  videoCards,
} from '../../support/videos.ts';

const titleField = (page: Page) => page.getByRole('textbox', { name: 'Titre' });

async function searchFor(page: Page, query: string) {
  await page.getByRole('searchbox', { name: 'Rechercher une vidéo par son titre' }).fill(query);
  await page.getByRole('button', { name: 'Rechercher' }).click();
}

for (const [device, viewport] of [
  ['phone', PHONE],
  ['desktop', { width: 1280, height: 800 }],
] as const) {
  test(`on a ${device}, a creator corrects a title and replaces an image, and comes back to the list where it was`, async ({
    page,
    context,
  }) => {
    await page.setViewportSize(viewport);
    const tag = uniqueTag();
    const creator = await makeCreator({ live: true });
    const category = await seedVideoCategory(`Édition ${tag}`);
    const titles = Array.from({ length: 60 }, (_, i) => `${tag} Épisode ${String(i).padStart(2, '0')}`);
    const seeded = await seedVideos(creator.id, titles, { categoryId: category });
    const target = seeded[55]!;
    const before = await storedImageSizesOf(target.title);
    await answerThumbnails(page, 'picture');
    await signInCreator(context, creator);

    await page.goto('/videos');
    await searchFor(page, `${tag} épisode`);
    const cards = videoCards(page, 'Mes vidéos');
    await expect(cards).toHaveCount(50);
    await page.getByRole('button', { name: 'Charger plus' }).click();
    await expect(cards).toHaveCount(60);
    const edit = page.getByRole('link', { name: `Modifier la vidéo ${target.title}` });
    await edit.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(500);
    await edit.click();

    await expect(page).toHaveURL(new RegExp(`/videos/${target.id}$`));
    await expect(page.getByRole('heading', { name: 'Modifier la vidéo', level: 1 })).toBeVisible();
    await expect(titleField(page)).toHaveValue(target.title);
    await expect(page.getByRole('textbox', { name: 'Lien YouTube' })).toHaveValue(/youtube\.com\/watch\?v=/);
    await expect(page.getByRole('checkbox', { name: `Édition ${tag}` })).toBeChecked();
    await expect(page.getByRole('img', { name: /Aperçu : Image verticale/ })).toBeVisible();
    await expectNoHorizontalScroll(page);

    await titleField(page).fill(`${tag} Épisode 55 (corrigé)`);
    await page.getByLabel(/Image verticale/).setInputFiles({
      name: 'portrait.png',
      mimeType: 'image/png',
      buffer: await photo(1200, 800, 'png'),
    });
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expectAlert(page, MESSAGES.videoSaved);

    await expect(page).toHaveURL(/\/videos\?q=/);
    await expect(cards).toHaveCount(60);
    await expect(page.getByRole('heading', { name: `${tag} Épisode 55 (corrigé)` })).toBeVisible();
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(400);

    const after = await storedImageSizesOf(`${tag} Épisode 55 (corrigé)`);
    expect(after.vertical).toEqual({ width: 600, height: 900, format: 'jpeg' });
    expect(after.keys.hor_img_url).toBe(before.keys.hor_img_url);
    expect(await storedFileExists(before.keys.ver_img_url)).toBe(false);
  });
}

test('a form saved meanwhile by someone else is refused, and offers to reload the latest version', async ({
  page,
  context,
}) => {
  const tag = uniqueTag();
  const creator = await makeCreator({ live: true });
  const category = await seedVideoCategory(`Conflit ${tag}`);
  const [video] = await seedVideos(creator.id, [`${tag} Avant`], { categoryId: category });
  await signInCreator(context, creator);
  await page.goto(`/videos/${video!.id}`);
  await expect(titleField(page)).toHaveValue(`${tag} Avant`);

  // The superadmin saves first, from another device.
  await withDatabase((db) =>
    db
      .updateTable('videos')
      .set((eb) => ({ title: `${tag} Par la modération`, version: eb('version', '+', 1) }))
      .where('id', '=', video!.id)
      .execute(),
  );
  await titleField(page).fill(`${tag} Par moi`);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expectAlert(page, MESSAGES.editedMeanwhile);
  await expect(page).toHaveURL(new RegExp(`/videos/${video!.id}$`));
  await expect(titleField(page)).toHaveValue(`${tag} Par moi`);

  await page.getByRole('button', { name: 'Recharger la vidéo' }).click();
  await expect(titleField(page)).toHaveValue(`${tag} Par la modération`);
  await expect(page.getByRole('button', { name: 'Recharger la vidéo' })).toHaveCount(0);
  await titleField(page).fill(`${tag} Par moi, après lecture`);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expectAlert(page, MESSAGES.videoSaved);
  // Opened by its address, not from the list: it goes to the list.
  await expect(page).toHaveURL(/\/videos$/);
  await expect(page.getByRole('heading', { name: `${tag} Par moi, après lecture` })).toBeVisible();
});

test('leaving with unsaved changes asks first, by a link or by Back; Rester keeps what was typed', async ({
  page,
  context,
}) => {
  const tag = uniqueTag();
  const creator = await makeCreator({ live: true });
  const [video] = await seedVideos(creator.id, [`${tag} Brouillon`]);
  await signInCreator(context, creator);
  await page.goto('/videos');
  // Back to the list must stay within the app, where the question can be asked.
  await appRunning(page);
  await page.getByRole('link', { name: `Modifier la vidéo ${tag} Brouillon` }).click();
  await titleField(page).fill(`${tag} Brouillon modifié`);

  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(MESSAGES.unsavedChanges);
  await dialog.getByRole('button', { name: 'Rester' }).click();
  await expect(page).toHaveURL(new RegExp(`/videos/${video!.id}$`));
  await expect(titleField(page)).toHaveValue(`${tag} Brouillon modifié`);

  await page.goBack();
  await expect(dialog).toContainText(MESSAGES.unsavedChanges);
  await dialog.getByRole('button', { name: 'Quitter' }).click();
  await expect(page).toHaveURL(/\/videos$/);
  await expect(page.getByRole('heading', { name: `${tag} Brouillon`, exact: true })).toBeVisible();

  // Nothing typed: no question.
  await page.getByRole('link', { name: `Modifier la vidéo ${tag} Brouillon` }).click();
  await expect(titleField(page)).toHaveValue(`${tag} Brouillon`);
  await page.getByRole('button', { name: 'Annuler' }).click();
  await expect(page).toHaveURL(/\/videos$/);
  await expect(dialog).toHaveCount(0);
});

test("the superadmin edits anyone's video from Toutes les vidéos; another creator cannot open it", async ({
  browser,
}) => {
  const tag = uniqueTag();
  const owner = await makeCreator({ live: true });
  const category = await seedVideoCategory(`Modération ${tag}`);
  const [video] = await seedVideos(owner.id, [`${tag} De quelqu'un`], { categoryId: category });

  const adminContext = await browser.newContext();
  await signIn(adminContext, admin);
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/allvideos');
  await searchFor(adminPage, tag);
  await adminPage.getByRole('link', { name: `Modifier la vidéo ${tag} De quelqu'un` }).click();
  await titleField(adminPage).fill(`${tag} Modéré`);
  await adminPage.getByRole('button', { name: 'Enregistrer' }).click();
  await expectAlert(adminPage, MESSAGES.videoSaved);
  await expect(adminPage).toHaveURL(/\/allvideos\?q=/);
  await expect(videoCards(adminPage, 'Toutes les vidéos').getByRole('heading')).toHaveText(`${tag} Modéré`);
  await adminContext.close();

  const otherContext = await browser.newContext();
  const other = await makeCreator({ live: true });
  await signInCreator(otherContext, other);
  const otherPage = await otherContext.newPage();
  await otherPage.goto(`/videos/${video!.id}`);
  await expect(otherPage.getByRole('alert')).toContainText(MESSAGES.forbidden);
  await expect(titleField(otherPage)).toHaveCount(0);
  await otherContext.close();
});

test('an address that names no video says so and leads back to the list, even one spelt like a list', async ({
  context,
  page,
}) => {
  await signInCreator(context, await makeCreator({ live: true }));
  for (const id of ['mine', 'x'.repeat(80), 'nexistepas']) {
    await page.goto(`/videos/${id}`);
    await expect(page.getByRole('alert')).toHaveText(`${MESSAGES.notFound} Revenir à la liste`);
    await expect(titleField(page)).toHaveCount(0);
  }
  await page.getByRole('button', { name: 'Revenir à la liste' }).click();
  await expect(page).toHaveURL(/\/videos$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mes vidéos' })).toBeVisible();
});

test('a video deleted while the superadmin looks at the list: its page says so and leads back to the search', async ({
  context,
  page,
}) => {
  const tag = uniqueTag();
  const owner = await makeCreator({ live: true });
  const category = await seedVideoCategory(`Disparue ${tag}`);
  const [video] = await seedVideos(owner.id, [`${tag} Bientôt supprimée`], { categoryId: category });
  await signIn(context, admin);
  await page.goto('/allvideos');
  await searchFor(page, tag);
  const edit = page.getByRole('link', { name: `Modifier la vidéo ${tag} Bientôt supprimée` });
  await expect(edit).toBeVisible();
  await withDatabase((db) => db.deleteFrom('videos').where('id', '=', video!.id).execute());
  await edit.click();
  await expect(page.getByRole('alert')).toHaveText(`${MESSAGES.notFound} Revenir à la liste`);
  await page.getByRole('button', { name: 'Revenir à la liste' }).click();
  await expect(page).toHaveURL(new RegExp(`/allvideos\\?q=${tag}$`));
  await expect(page.getByRole('searchbox', { name: 'Rechercher une vidéo par son titre' })).toHaveValue(tag);
  await expect(videoCards(page, 'Toutes les vidéos')).toHaveCount(0);
});
