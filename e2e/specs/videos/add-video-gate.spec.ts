import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '@coulisses/domain/messages';
import { createUser, signInWithForm, userIdOf } from '../../support/fixtures.ts';
import { withDatabase } from '../../support/server-state.ts';
import { creatorRowOf, picture } from '../../support/creators.ts';
import {
  answerThumbnails,
  expectAlert,
  seedVideoCategory,
  storedImageSizesOf,
  uniqueTag,
  videoCards,
  YOUTUBE_ID,
} from '../../support/videos.ts';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Navigation principale' });

async function openAddVideoFromNavbar(page: Page) {
  await nav(page).getByRole('button', { name: 'Vidéos' }).click();
  await nav(page).getByRole('link', { name: 'Ajouter une vidéo' }).click();
  await expect(page).toHaveURL(/\/addvideo$/);
  await expect(page.getByRole('heading', { name: 'Ajouter une vidéo', level: 1 })).toBeVisible();
}

/** The videos of this title, with their owner and categories (comma-separated, null for none). */
function videoRowsOf(title: string) {
  return withDatabase(async (db) => {
    const videos = await db
      .selectFrom('videos')
      .select(['id', 'creator_id'])
      .where('title', '=', title)
      .execute();
    const links = videos.length
      ? await db
          .selectFrom('video_category_links')
          .select(['video_id', 'category_id'])
          .where(
            'video_id',
            'in',
            videos.map((video) => video.id),
          )
          .execute()
      : [];
    return videos.map((video) => {
      const categories = links.filter((link) => link.video_id === video.id).map((link) => link.category_id);
      return { creator_id: video.creator_id, categories: categories.length ? categories.join(',') : null };
    });
  });
}

test('a new creator is sent to publish their page first, then adds a video that shows in their list', async ({
  page,
}) => {
  const tag = uniqueTag();
  const cooking = await seedVideoCategory(`Cuisine ${tag}`);
  const travel = await seedVideoCategory(`Voyage ${tag}`);
  await seedVideoCategory(`Sport ${tag}`);
  const creator = await createUser({ prefix: 'gate' });
  await answerThumbnails(page, 'picture');
  await signInWithForm(page, creator);
  await expect(page).toHaveURL(/\/dashboard$/);
  // The menu opens on the page on screen: not on /login, still drawn while the address changes.
  await expect(page.getByRole('heading', { name: 'Tes stats' })).toBeVisible();

  // Not published yet: a message and the way to the page settings, no form.
  await openAddVideoFromNavbar(page);
  const gate = page.getByRole('status').filter({ hasText: MESSAGES.pageNotLiveForVideos });
  await expect(gate).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Titre', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Ajouter la vidéo' })).toHaveCount(0);
  await gate.getByRole('link', { name: 'Aller aux réglages de ma page' }).click();
  await expect(page).toHaveURL(/\/pagesettings$/);

  // Completes the page through the form, then publishes it.
  await page.getByLabel('Titre de la page').fill(`La cuisine de ${tag}`);
  await page.getByLabel('Biographie').fill('Des recettes simples, chaque semaine.');
  await page.getByLabel('Vidéo à la une').fill(`https://youtu.be/${YOUTUBE_ID}`);
  await page.getByLabel('Image horizontale').setInputFiles(await picture('bandeau.png', 1500, 1000));
  await page.getByLabel('Image verticale').setInputFiles(await picture('portrait.png', 1000, 1500));
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expectAlert(page, MESSAGES.pageSaved);
  await page.getByRole('button', { name: 'Publier' }).click();
  await expectAlert(page, MESSAGES.pagePublished);
  await expect(page.getByRole('button', { name: 'Dépublier' })).toBeVisible();
  expect((await creatorRowOf(creator.email))?.is_live).toBe(1);

  // Now the same menu entry opens the form.
  await openAddVideoFromNavbar(page);
  await expect(page.getByText(MESSAGES.pageNotLiveForVideos)).toHaveCount(0);
  const title = `Tarte aux pommes ${tag}`;
  await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(title);
  await page.getByLabel('Lien YouTube').fill(`youtube.com/watch?v=${YOUTUBE_ID}&t=12`);
  await page.getByRole('checkbox', { name: `Cuisine ${tag}` }).check();
  await page.getByRole('checkbox', { name: `Voyage ${tag}` }).check();
  await page.getByLabel('Image horizontale').setInputFiles(await picture('video-h.png', 1280, 720));
  await page.getByLabel('Image verticale').setInputFiles(await picture('video-v.png', 720, 1280));
  await page.getByRole('button', { name: 'Ajouter la vidéo' }).click();
  await expectAlert(page, MESSAGES.videoAdded);
  // The form is emptied for the next one.
  await expect(page.getByRole('textbox', { name: 'Titre', exact: true })).toHaveValue('');

  const rows = await videoRowsOf(title);
  expect(rows).toHaveLength(1);
  expect(rows[0]?.creator_id).toBe(await userIdOf(creator.email));
  const row = rows[0];
  expect(row?.categories?.split(',').sort()).toEqual([cooking, travel].sort());
  const stored = await storedImageSizesOf(title);
  expect(stored.horizontal).toEqual({ width: 900, height: 600, format: 'jpeg' });
  expect(stored.vertical).toEqual({ width: 600, height: 900, format: 'jpeg' });

  await nav(page).getByRole('button', { name: 'Vidéos' }).click();
  await nav(page).getByRole('link', { name: 'Mes vidéos' }).click();
  await expect(page).toHaveURL(/\/videos$/);
  const cards = videoCards(page, 'Mes vidéos');
  await expect(cards).toHaveCount(1);
  await expect(cards.first().getByRole('heading')).toHaveText(title);
  await expect(cards.first().getByRole('img')).toHaveAttribute(
    'src',
    `https://i.ytimg.com/vi/${YOUTUBE_ID}/mqdefault.jpg`,
  );
});

test('a creator whose page is unpublished again is stopped at the gate once more', async ({
  page,
  context,
}) => {
  const creator = await createUser({ prefix: 'gate' });
  await signInWithForm(page, creator);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/pagesettings');
  await page.getByLabel('Titre de la page').fill('Aller-retour');
  await page.getByLabel('Vidéo à la une').fill(`https://youtu.be/${YOUTUBE_ID}`);
  await page.getByLabel('Image horizontale').setInputFiles(await picture('h.png', 900, 600));
  await page.getByLabel('Image verticale').setInputFiles(await picture('v.png', 600, 900));
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expectAlert(page, MESSAGES.pageSaved);
  await page.getByRole('button', { name: 'Publier' }).click();
  await expectAlert(page, MESSAGES.pagePublished);
  await openAddVideoFromNavbar(page);
  await expect(page.getByRole('button', { name: 'Ajouter la vidéo' })).toBeVisible();

  // Unpublished in another tab: this one learns it when the add-video page opens again.
  const other = await context.newPage();
  await other.goto('/pagesettings');
  await other.getByRole('button', { name: 'Dépublier' }).click();
  await expectAlert(other, MESSAGES.pageUnpublished);
  await other.close();

  await nav(page).getByRole('link', { name: 'Page' }).click();
  await openAddVideoFromNavbar(page);
  await expect(page.getByText(MESSAGES.pageNotLiveForVideos)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ajouter la vidéo' })).toHaveCount(0);
});
