import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '@coulisses/domain/messages';
import { quoted } from '@coulisses/domain/rules/quoted';
import { withDatabase } from '../../support/server-state.ts';
import {
  expectAlert,
  makeCreator,
  photo,
  seedVideoCategory,
  signInCreator,
  storedImageSizesOf,
  uniqueTag,
  YOUTUBE_ID,
} from '../../support/videos.ts';

/*
 * The add-video form of a creator whose page is live: every message of the spec, the local
 * previews and progress bar, the exact stored image sizes, and a form sent twice adding one video.
 */

async function videoCount(title: string): Promise<number> {
  const row = await withDatabase((db) =>
    db
      .selectFrom('videos')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('title', '=', title)
      .executeTakeFirstOrThrow(),
  );
  // PostgreSQL answers count(*) as a string.
  return Number(row.n);
}

const titleField = (page: Page) => page.getByLabel('Titre');
const linkField = (page: Page) => page.getByLabel('Lien YouTube');
const horizontalField = (page: Page) => page.getByLabel('Image horizontale (900x600)');
const verticalField = (page: Page) => page.getByLabel('Image verticale (600x900)');
const submitButton = (page: Page) => page.getByRole('button', { name: 'Ajouter la vidéo' });

async function fillForm(
  page: Page,
  fields: { title: string; link: string; category: string; horizontal?: Buffer; vertical?: Buffer },
) {
  await titleField(page).fill(fields.title);
  await linkField(page).fill(fields.link);
  await page.getByRole('checkbox', { name: fields.category }).check();
  if (fields.horizontal) {
    await horizontalField(page).setInputFiles({
      name: 'paysage.jpg',
      mimeType: 'image/jpeg',
      buffer: fields.horizontal,
    });
  }
  if (fields.vertical) {
    await verticalField(page).setInputFiles({
      name: 'portrait.jpg',
      mimeType: 'image/jpeg',
      buffer: fields.vertical,
    });
  }
}

let category: string;

/** Every field right: a YouTube link, the category and both images. */
const validFields = async (title: string) => ({
  title,
  link: `https://youtu.be/${YOUTUBE_ID}`,
  category,
  horizontal: await photo(1600, 1200),
  vertical: await photo(1200, 1600),
});

test.beforeAll(async () => {
  category = `Cuisine ${uniqueTag()}`;
  await seedVideoCategory(category);
});

test.beforeEach(async ({ page, context }) => {
  const creator = await makeCreator({ live: true });
  await signInCreator(context, creator);
  await page.goto('/addvideo');
  await expect(page.getByRole('heading', { name: 'Ajouter une vidéo', level: 1 })).toBeVisible();
});

test('asks for every field, and keeps what was typed', async ({ page }) => {
  const title = `Incomplète ${uniqueTag()}`;
  await submitButton(page).click();
  await expectAlert(page, MESSAGES.videoFieldsMissing);
  // The field to fix is marked, and the cursor waits in it.
  await expect(titleField(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(titleField(page)).toBeFocused();
  // Every missing field says so beside it, in French: not only the first.
  const form = page.locator('form');
  await expect(form.getByText(MESSAGES.fieldRequired)).toHaveCount(2);
  await expect(form.getByText(MESSAGES.categoryRequired)).toBeVisible();
  await expect(form.getByText(MESSAGES.imageRequired)).toHaveCount(2);

  await fillForm(page, {
    title,
    link: `https://youtu.be/${YOUTUBE_ID}`,
    category,
    horizontal: await photo(1600, 1200),
  });
  await submitButton(page).click();
  await expectAlert(page, MESSAGES.videoFieldsMissing);
  await expect(titleField(page)).toHaveValue(title);
  await expect(page.getByRole('img', { name: 'Aperçu : Image horizontale' })).toBeVisible();
  expect(await videoCount(title)).toBe(0);
});

test('refuses a link that is not a YouTube video', async ({ page }) => {
  const title = `Pas YouTube ${uniqueTag()}`;
  await fillForm(page, {
    title,
    link: 'https://vimeo.com/76979871',
    category,
    horizontal: await photo(1600, 1200),
    vertical: await photo(1200, 1600),
  });
  await submitButton(page).click();
  await expectAlert(page, MESSAGES.invalidYoutubeUrl);
  await expect(linkField(page)).toHaveValue('https://vimeo.com/76979871');
  expect(await videoCount(title)).toBe(0);
});

test('adds a video: previews at once, a progress bar while sending, exact image sizes, a clean form', async ({
  page,
}) => {
  const title = `Tarte aux figues ${uniqueTag()}`;
  await fillForm(page, {
    title,
    link: `https://m.youtube.com/watch?v=${YOUTUBE_ID}&t=42s`,
    category,
    horizontal: await photo(4032, 3024),
    vertical: await photo(3024, 4032),
  });
  await expect(page.getByRole('img', { name: 'Aperçu : Image horizontale' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Aperçu : Image verticale' })).toBeVisible();

  // The upload is held until the progress bar and the busy button have been seen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/videos', async (route) => {
    await held;
    await route.continue();
  });
  await submitButton(page).click();
  await expect(page.getByRole('progressbar', { name: 'Envoi : Image horizontale' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Envoi en cours…' })).toBeDisabled();
  release();

  await expectAlert(page, MESSAGES.videoAdded);
  await expect(titleField(page)).toHaveValue('');
  await expect(linkField(page)).toHaveValue('');
  await expect(page.getByRole('img', { name: /^Aperçu/ })).toHaveCount(0);
  await expect(page.getByRole('progressbar')).toHaveCount(0);

  const stored = await storedImageSizesOf(title);
  expect(stored.horizontal).toEqual({ width: 900, height: 600, format: 'jpeg' });
  expect(stored.vertical).toEqual({ width: 600, height: 900, format: 'jpeg' });
  const row = await withDatabase((db) =>
    db.selectFrom('videos').select('video_url').where('title', '=', title).executeTakeFirstOrThrow(),
  );
  expect(row.video_url).toBe(`https://www.youtube.com/watch?v=${YOUTUBE_ID}`);

  // Back at the top, the next steps: see it in the list, or add another.
  const notice = page.getByRole('status').filter({ hasText: `${quoted(title)} est dans tes vidéos.` });
  await expect(notice).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await notice.getByRole('button', { name: 'Ajouter une autre vidéo' }).click();
  await expect(notice).toHaveCount(0);
  await expect(titleField(page)).toBeFocused();

  await page.goto('/videos');
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
});

test('after adding, Voir dans Mes vidéos shows the new video in the list', async ({ page }) => {
  const title = `Clafoutis ${uniqueTag()}`;
  await fillForm(page, {
    title,
    link: `https://youtu.be/${YOUTUBE_ID}`,
    category,
    horizontal: await photo(1600, 1200),
    vertical: await photo(1200, 1600),
  });
  await submitButton(page).click();
  await expectAlert(page, MESSAGES.videoAdded);
  await page.getByRole('link', { name: 'Voir dans Mes vidéos' }).click();
  await expect(page).toHaveURL(/\/videos\?q=/);
  await expect(page.getByRole('searchbox', { name: 'Rechercher une vidéo par son titre' })).toHaveValue(
    title,
  );
  await expect(
    page.getByRole('region', { name: 'Mes vidéos' }).getByRole('heading', { name: title }),
  ).toBeVisible();
});

test('refuses a file that is not an image, in French, and stores nothing', async ({ page }) => {
  const title = `Faux fichier ${uniqueTag()}`;
  await fillForm(page, {
    title,
    link: `https://youtu.be/${YOUTUBE_ID}`,
    category,
    vertical: await photo(1200, 1600),
  });
  await horizontalField(page).setInputFiles({
    name: 'vacances.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('ceci n’est pas une image'),
  });
  await submitButton(page).click();
  await expectAlert(page, MESSAGES.imageInvalid);
  await expect(titleField(page)).toHaveValue(title);
  expect(await videoCount(title)).toBe(0);
});

test('a server failure says so and keeps the form', async ({ page }) => {
  const title = `Panne ${uniqueTag()}`;
  await page.route('**/api/videos', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'internal_error', message: MESSAGES.serverError } }),
    }),
  );
  await fillForm(page, await validFields(title));
  await submitButton(page).click();
  await expectAlert(page, MESSAGES.videoAddFailed);
  await expect(titleField(page)).toHaveValue(title);
  await expect(page.getByRole('img', { name: 'Aperçu : Image verticale' })).toBeVisible();
});

test('sent again after its answer was lost, the form adds one video and says it was already sent', async ({
  page,
}) => {
  const title = `Réseau capricieux ${uniqueTag()}`;
  // 'Mes vidéos' is seen first, so the app holds that list when the form comes back to it.
  const menu = page.getByRole('navigation', { name: 'Navigation principale' });
  const openFromMenu = async (name: 'Mes vidéos' | 'Ajouter une vidéo') => {
    await menu.getByRole('button', { name: 'Vidéos' }).click();
    await menu.getByRole('link', { name }).click();
  };
  await openFromMenu('Mes vidéos');
  await expect(page.getByRole('heading', { level: 1, name: 'Mes vidéos' })).toBeVisible();
  await openFromMenu('Ajouter une vidéo');

  // The server adds the video, but its answer never reaches the browser.
  let lost = false;
  await page.route('**/api/videos', async (route) => {
    if (lost) return route.continue();
    lost = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await fillForm(page, await validFields(title));
  await submitButton(page).click();
  await expectAlert(page, MESSAGES.videoAddFailed);
  expect(await videoCount(title)).toBe(1);

  await submitButton(page).click();
  await expectAlert(page, MESSAGES.alreadySubmitted);
  expect(await videoCount(title)).toBe(1);
  await expect(titleField(page)).toHaveValue('');

  await openFromMenu('Mes vidéos');
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
});
