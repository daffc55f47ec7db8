import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '@coulisses/domain/messages';
import { quoted } from '@coulisses/domain/rules/quoted';
import { admin, signIn } from '../../support/fixtures.ts';
import {
  answerThumbnails,
  expectAlert,
  isFeatured,
  makeCreator,
  searchVideos,
  seedVideos,
  signInCreator,
  uniqueTag,
  videoCards,
  videoExists,
} from '../../support/videos.ts';

const failWith500 = (page: Page, method: string, pattern: string) =>
  page.route(pattern, (route) =>
    route.request().method() === method
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'internal_error', message: MESSAGES.serverError } }),
        })
      : route.continue(),
  );

test('a creator sees Access denied', async ({ page, context }) => {
  const creator = await makeCreator({ live: true });
  await signInCreator(context, creator);
  await page.goto('/allvideos');
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.accessDenied);
  await expect(page.getByRole('heading', { name: 'Toutes les vidéos' })).toHaveCount(0);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Toutes les vidéos' })).toHaveCount(0);
});

test.describe('as the superadmin', () => {
  test.beforeEach(async ({ page, context }) => {
    await answerThumbnails(page, 'picture');
    await signIn(context, admin);
  });

  test('lists everyone’s videos with their creator, pages them and searches them', async ({ page }) => {
    const tag = uniqueTag();
    const first = await makeCreator({ live: true });
    const second = await makeCreator({ live: true });
    // Every title starts with '0' so they come before anything other tests add.
    await seedVideos(
      first.id,
      Array.from({ length: 40 }, (_, i) => `0${tag} A ${String(i).padStart(2, '0')}`),
    );
    await seedVideos(
      second.id,
      Array.from({ length: 20 }, (_, i) => `0${tag} B ${String(i).padStart(2, '0')}`),
    );
    await page.goto('/allvideos');
    await expect(page.getByRole('heading', { name: 'Toutes les vidéos', level: 1 })).toBeVisible();

    await searchVideos(page, `0${tag}`);
    const cards = videoCards(page, 'Toutes les vidéos');
    await expect(cards).toHaveCount(50);
    await expect(cards.first()).toContainText(`Par ${first.email}`);
    await page.getByRole('button', { name: 'Charger plus' }).click();
    await expect(cards).toHaveCount(60);
    await expect(cards.last()).toContainText(`Par ${second.email}`);
    await expect(page.getByRole('button', { name: 'Charger plus' })).toHaveCount(0);

    await searchVideos(page, `0${tag.toUpperCase()} b 1`);
    await expect(cards).toHaveCount(10);
  });

  test('keeps its search in the address: a refresh, Back and a shared link give the same list', async ({
    page,
  }) => {
    const tag = uniqueTag();
    const creator = await makeCreator({ live: true });
    await seedVideos(creator.id, [`0${tag} Tarte aux pommes`, `0${tag} Tarte aux poires`, `0${tag} Crêpes`]);
    const searchbox = page.getByRole('searchbox', { name: 'Rechercher une vidéo par son titre' });
    const cards = videoCards(page, 'Toutes les vidéos');
    await page.goto('/allvideos');
    await searchVideos(page, `0${tag} tarte`);
    await expect(page).toHaveURL(new RegExp(`/allvideos\\?q=0${tag}\\+tarte$`));
    await expect(cards).toHaveCount(2);
    await searchVideos(page, `0${tag} crêpes`);
    await expect(cards).toHaveCount(1);

    await page.reload();
    await expect(searchbox).toHaveValue(`0${tag} crêpes`);
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Crêpes');

    await page.goBack();
    await expect(searchbox).toHaveValue(`0${tag} tarte`);
    await expect(cards).toHaveCount(2);
    await page.goBack();
    await expect(searchbox).toHaveValue('');

    const shared = await page.context().newPage();
    await shared.goto(`/allvideos?q=${encodeURIComponent(`0${tag} tarte aux poires`)}`);
    await expect(shared.getByRole('searchbox', { name: 'Rechercher une vidéo par son titre' })).toHaveValue(
      `0${tag} tarte aux poires`,
    );
    await expect(videoCards(shared, 'Toutes les vidéos')).toHaveCount(1);
    await shared.close();
  });

  test('says so when featuring fails', async ({ page }) => {
    const tag = uniqueTag();
    const creator = await makeCreator({ live: true });
    const [video] = await seedVideos(creator.id, [`Raté ${tag}`]);
    await failWith500(page, 'POST', '**/api/videos/*/featured');
    await page.goto('/allvideos');
    await searchVideos(page, `Raté ${tag}`);
    await page.getByRole('button', { name: `Mettre en avant : Raté ${tag}` }).click();
    await expectAlert(page, MESSAGES.featuredFailed);
    expect(await isFeatured(video!.id)).toBe(false);
  });

  test('after a delete, the list keeps its search, its loaded pages and its scroll position', async ({
    page,
  }) => {
    const tag = uniqueTag();
    const creator = await makeCreator({ live: true });
    await seedVideos(
      creator.id,
      Array.from({ length: 60 }, (_, i) => `0${tag} Garde ${String(i).padStart(2, '0')}`),
    );
    await page.goto('/allvideos');
    await searchVideos(page, `0${tag} garde`);
    const cards = videoCards(page, 'Toutes les vidéos');
    await expect(cards).toHaveCount(50);
    await page.getByRole('button', { name: 'Charger plus' }).click();
    await expect(cards).toHaveCount(60);

    const remove = page.getByRole('button', { name: `Supprimer la vidéo 0${tag} Garde 55` });
    await remove.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(500);
    await remove.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Vazy' }).click();
    await expect(cards).toHaveCount(59);
    await expect(page.getByText(`0${tag} Garde 55`, { exact: true })).toHaveCount(0);
    await expect(page).toHaveURL(/\?q=/);
    await expect(page.getByRole('searchbox', { name: 'Rechercher une vidéo par son titre' })).toHaveValue(
      `0${tag} garde`,
    );
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(400);
  });

  test("deletes anyone's video after 'Vazy'; 'Non' keeps it; a failure says so", async ({ page }) => {
    const tag = uniqueTag();
    const creator = await makeCreator({ live: true });
    const [video] = await seedVideos(creator.id, [`Suppr ${tag}`]);
    await page.goto('/allvideos');
    await searchVideos(page, `Suppr ${tag}`);
    const cards = videoCards(page, 'Toutes les vidéos');
    await expect(cards).toHaveCount(1);
    const remove = page.getByRole('button', { name: `Supprimer la vidéo Suppr ${tag}` });

    await remove.click();
    await expect(page.getByRole('dialog')).toContainText(MESSAGES.videoDeleteConfirm);
    await page.getByRole('dialog').getByRole('button', { name: 'Non' }).click();
    await expect(cards).toHaveCount(1);

    await failWith500(page, 'DELETE', '**/api/videos/*');
    await remove.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Vazy' }).click();
    await expectAlert(page, MESSAGES.videoDeleteFailedAdmin);
    expect(await videoExists(video!.id)).toBe(true);

    await page.unrouteAll();
    await remove.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Vazy' }).click();
    await expect(page.getByText(`Aucune vidéo ne correspond à ${quoted(`Suppr ${tag}`)}.`)).toBeVisible();
    expect(await videoExists(video!.id)).toBe(false);
  });
});
