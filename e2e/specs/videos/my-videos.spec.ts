import { expect, test } from '@playwright/test';
import { MESSAGES } from '@coulisses/domain/messages';
import { quoted } from '@coulisses/domain/rules/quoted';
import { currentSource, expectListThumbnail } from '../../support/foundation.ts';
import {
  answerThumbnails,
  expectAlert,
  makeCreator,
  seedVideos,
  signInCreator,
  storedFileExists,
  uniqueTag,
  videoCards,
  videoExists,
  YOUTUBE_ID,
} from '../../support/videos.ts';

test('pages more than 50 videos with Charger plus, by title', async ({ page, context }) => {
  const creator = await makeCreator({ live: true });
  const titles = Array.from({ length: 61 }, (_, i) => `Épisode ${String(i).padStart(2, '0')}`);
  await seedVideos(creator.id, titles);
  const other = await makeCreator({ live: true });
  await seedVideos(other.id, ['Pas la mienne']);
  await answerThumbnails(page, 'picture');
  await signInCreator(context, creator);
  await page.goto('/videos');

  await expect(page.getByRole('heading', { name: 'Mes vidéos', level: 1 })).toBeVisible();
  const cards = videoCards(page, 'Mes vidéos');
  await expect(cards).toHaveCount(50);
  await expect(cards.first().getByRole('heading')).toHaveText('Épisode 00');

  // The next page is held until the 'Chargement...' state has been seen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/videos/mine?*after=*', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Charger plus' }).click();
  await expect(page.getByRole('button', { name: 'Chargement...' })).toBeDisabled();
  release();
  await expect(cards).toHaveCount(61);
  await expect(cards.last().getByRole('heading')).toHaveText('Épisode 60');
  await expect(page.getByRole('button', { name: 'Charger plus' })).toHaveCount(0);
  await expect(page.getByText('Pas la mienne')).toHaveCount(0);
});

test('searches every video on the server, ignoring case and accents; a blank query restores the list', async ({
  page,
  context,
}) => {
  const creator = await makeCreator({ live: true });
  const filler = Array.from({ length: 55 }, (_, i) => `Aaa ${String(i).padStart(2, '0')}`);
  await seedVideos(creator.id, [...filler, 'Zz Crème brûlée', 'Zz la CREME anglaise']);
  await answerThumbnails(page, 'picture');
  await signInCreator(context, creator);
  await page.goto('/videos');
  const cards = videoCards(page, 'Mes vidéos');
  await expect(cards).toHaveCount(50);

  const search = page.getByRole('searchbox', { name: 'Rechercher une vidéo par son titre' });
  await search.fill('crème');
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await expect(cards).toHaveCount(2);
  await expect(cards.getByRole('heading')).toHaveText(['Zz Crème brûlée', 'Zz la CREME anglaise']);

  await search.fill('introuvable');
  await page.getByRole('button', { name: 'Rechercher' }).click();
  const empty = page.getByText(`Aucune vidéo ne correspond à ${quoted('introuvable')}.`);
  await expect(empty).toBeVisible();
  // Playwright's text checks fold U+202F into a plain space: the raw text shows the narrow no-break
  // spaces that keep each guillemet on the line of its word.
  expect(await empty.textContent()).toBe('Aucune vidéo ne correspond à «\u202Fintrouvable\u202F».');

  await search.fill('   ');
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await expect(cards).toHaveCount(50);
  await expect(page.getByRole('button', { name: 'Charger plus' })).toBeVisible();
});

test('shows the YouTube thumbnail, and the uploaded image when it cannot load or YouTube does not know the video', async ({
  page,
  context,
}) => {
  const creator = await makeCreator({ live: true });
  const [video] = await seedVideos(creator.id, ['Miniature']);
  await signInCreator(context, creator);

  await answerThumbnails(page, 'picture');
  await page.goto('/videos');
  const image = videoCards(page, 'Mes vidéos').getByRole('img', { name: /Miniature/ });
  await expect(image).toHaveAttribute('src', `https://i.ytimg.com/vi/${YOUTUBE_ID}/mqdefault.jpg`);
  await expect(image).toHaveJSProperty('complete', true);

  // A wide screen draws the card too wide for the 300-pixel thumbnail: it takes the full image.
  for (const answer of ['fail', 'placeholder'] as const) {
    await page.unroute('https://i.ytimg.com/**');
    await answerThumbnails(page, answer);
    await page.reload();
    // Until YouTube's image has failed, the card shows it, broken: wait for the switch.
    await expect.poll(() => currentSource(image)).toMatch(new RegExp(`/files/${video!.horizontalKey}$`));
    await expect(image).toHaveJSProperty('complete', true);
  }
});

test("on a phone, a card falls back to its uploaded image's thumbnail, a tenth of its bytes", async ({
  browser,
}) => {
  const creator = await makeCreator({ live: true });
  const [video] = await seedVideos(creator.id, ['Petite vignette']);
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2 });
  await signInCreator(context, creator);
  const page = await context.newPage();
  await answerThumbnails(page, 'fail');
  const thumbnails: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/files/thumbnails/')) thumbnails.push(response.status());
  });
  await page.goto('/videos');

  const image = videoCards(page, 'Mes vidéos').getByRole('img', { name: /Petite vignette/ });
  await expect
    .poll(() => currentSource(image))
    .toMatch(new RegExp(`/files/thumbnails/${video!.horizontalKey}$`));
  await expect(image).toHaveJSProperty('complete', true);
  expect(thumbnails).toEqual([200]);
  await context.close();
});

test('the first four thumbnails load at once and first, the others lazily; each decodes asynchronously and holds its 3:2 box', async ({
  page,
  context,
}) => {
  const creator = await makeCreator({ live: true });
  await seedVideos(creator.id, ['Aube', 'Bise', 'Cime', 'Dune', 'Etang', 'Foehn']);
  await answerThumbnails(page, 'picture');
  await signInCreator(context, creator);
  await page.goto('/videos');

  const images = videoCards(page, 'Mes vidéos').getByRole('img');
  await expect(images).toHaveCount(6);
  for (const [index, image] of (await images.all()).entries()) {
    await expectListThumbnail(image, { firstScreen: index < 4 });
  }
});

test("deletes a video after 'Vazy'; 'Non' keeps it", async ({ page, context }) => {
  const tag = uniqueTag();
  const creator = await makeCreator({ live: true });
  const seeded = await seedVideos(creator.id, [`À garder ${tag}`, `À jeter ${tag}`]);
  const video = seeded.find((v) => v.title.startsWith('À jeter'));
  await answerThumbnails(page, 'picture');
  await signInCreator(context, creator);
  await page.goto('/videos');
  const cards = videoCards(page, 'Mes vidéos');
  await expect(cards).toHaveCount(2);
  const remove = page.getByRole('button', { name: `Supprimer la vidéo À jeter ${tag}` });

  await remove.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(MESSAGES.videoDeleteConfirm);
  await expect(
    dialog.getByRole('heading', { name: `Supprimer ${quoted(`À jeter ${tag}`)} ?` }),
  ).toBeVisible();
  await expect(dialog).toHaveAccessibleName(`Supprimer ${quoted(`À jeter ${tag}`)} ?`);
  await dialog.getByRole('button', { name: 'Non' }).click();
  await expect(dialog).toBeHidden();
  await expect(cards).toHaveCount(2);
  expect(await videoExists(video!.id)).toBe(true);

  await remove.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Vazy' }).click();
  await expectAlert(page, MESSAGES.videoDeleted);
  await expect(cards).toHaveCount(1);
  await expect(cards.getByRole('heading')).toHaveText(`À garder ${tag}`);
  expect(await videoExists(video!.id)).toBe(false);
  expect(await storedFileExists(video!.horizontalKey)).toBe(false);
});

test('while a deletion is under way, its button turns to a spinner that says so and cannot be pressed', async ({
  page,
  context,
}) => {
  const creator = await makeCreator({ live: true });
  const [video] = await seedVideos(creator.id, ['Bavarde']);
  await answerThumbnails(page, 'picture');
  await signInCreator(context, creator);
  // The real request, held until the busy button is checked: as a video of many comments takes.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/videos/*', async (route) => {
    if (route.request().method() === 'DELETE') await held;
    await route.continue();
  });
  await page.goto('/videos');
  await page.getByRole('button', { name: 'Supprimer la vidéo Bavarde' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Vazy' }).click();

  const busy = page.getByRole('button', { name: 'Suppression de la vidéo Bavarde en cours' });
  await expect(busy).toBeDisabled();
  await expect(busy).toHaveAttribute('aria-busy', 'true');
  await expect(busy.locator('.spinner')).toBeVisible();
  expect(await videoExists(video!.id)).toBe(true);

  release();
  await expectAlert(page, MESSAGES.videoDeleted);
  await expect(videoCards(page, 'Mes vidéos')).toHaveCount(0);
  expect(await videoExists(video!.id)).toBe(false);
});

test('says so when a deletion fails, and keeps the video', async ({ page, context }) => {
  const creator = await makeCreator({ live: true });
  const [video] = await seedVideos(creator.id, ['Tenace']);
  await answerThumbnails(page, 'picture');
  await signInCreator(context, creator);
  await page.route('**/api/videos/*', (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'internal_error', message: MESSAGES.serverError } }),
        })
      : route.continue(),
  );
  await page.goto('/videos');
  await page.getByRole('button', { name: 'Supprimer la vidéo Tenace' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Vazy' }).click();
  await expectAlert(page, MESSAGES.videoDeleteFailed);
  await expect(videoCards(page, 'Mes vidéos')).toHaveCount(1);
  expect(await videoExists(video!.id)).toBe(true);
});

test('a creator with no video is told so, and offered to add one', async ({ page, context }) => {
  const creator = await makeCreator();
  await signInCreator(context, creator);
  await page.goto('/videos');
  await expect(page.getByText('Aucune vidéo pour l’instant.')).toBeVisible();
  await page
    .getByRole('region', { name: 'Mes vidéos' })
    .getByRole('link', { name: 'Ajouter une vidéo' })
    .click();
  await expect(page).toHaveURL(/\/addvideo$/);
});

test('on a phone, a title keeps its colon on the line of the word before it', async ({ browser }) => {
  const creator = await makeCreator({ live: true });
  await seedVideos(creator.id, ['La ratatouille : les bases']);
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  await signInCreator(context, creator);
  const page = await context.newPage();
  await answerThumbnails(page, 'picture');
  await page.goto('/videos');

  const title = videoCards(page, 'Mes vidéos').getByRole('heading', { name: 'La ratatouille : les bases' });
  await expect(title).toBeVisible();
  // The tops of the colon and of the last letter before it: on one line, the same.
  const tops = await title.evaluate((heading) => {
    const text = heading.firstChild as Text;
    const colon = text.data.indexOf(':');
    const topOf = (index: number) => {
      const range = document.createRange();
      range.setStart(text, index);
      range.setEnd(text, index + 1);
      return range.getBoundingClientRect().top;
    };
    return [topOf(colon - 2), topOf(colon)];
  });
  expect(tops[1]).toBe(tops[0]);
  await context.close();
});
