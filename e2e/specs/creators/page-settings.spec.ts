import { ACCEPTED_IMAGE_TYPES } from '@coulisses/domain/constants/limits';
import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '@coulisses/domain/messages';
import { createUser, signIn } from '../../support/fixtures.ts';
import { creatorRowOf, expectAlert, picture, storedImageSize, VIDEO_LINK } from '../../support/creators.ts';
import { storedFileExists } from '../../support/discounts.ts';

const save = (page: Page) => page.getByRole('button', { name: 'Enregistrer' }).click();

let email: string;
test.beforeEach(async ({ context, page }) => {
  const creator = await createUser({ prefix: 'page' });
  email = creator.email;
  await signIn(context, creator);
  await page.goto('/pagesettings');
  await expect(page.getByRole('heading', { name: 'Page', exact: true })).toBeVisible();
});

test('shows the intro, the publish control above the form and every field with its required mark', async ({
  page,
}) => {
  await expect(page.getByText('Les infos ci-dessous génèrent ta page de créateur dans l’app.')).toBeVisible();
  await expect(page.getByText(/ajoute quelques vidéos/)).toBeVisible();
  const publish = page.getByRole('button', { name: 'Publier' });
  const form = page.locator('form.page-settings-form');
  const publishBox = await publish.boundingBox();
  const formBox = await form.boundingBox();
  expect(publishBox && formBox && publishBox.y < formBox.y).toBe(true);

  for (const label of [
    'Image horizontale (900x600) *',
    'Image verticale (600x900) *',
    'Titre de la page *',
  ]) {
    await expect(page.locator('label').filter({ hasText: label })).toHaveCount(1);
  }
  await expect(page.locator('label').filter({ hasText: 'Vidéo à la une *' })).toHaveCount(1);
  for (const label of [
    'Code du script de l’assistant IA (facultatif)',
    'Biographie',
    'Lien Facebook',
    'Lien Instagram',
    'Lien YouTube',
    'Lien TikTok',
    'Lien LinkedIn',
  ]) {
    await expect(page.getByLabel(label, { exact: true })).toBeVisible();
  }
  await expect(
    page.getByRole('checkbox', { name: `Afficher mon e-mail (${email}) sur ma page` }),
  ).not.toBeChecked();
  await expect(page.getByRole('link', { name: /En savoir plus sur l’assistant/ })).toHaveAttribute(
    'target',
    '_blank',
  );
  // Image files only (spec section 4), and of those only the formats the server takes.
  await expect(page.getByLabel('Image horizontale')).toHaveAttribute('accept', ACCEPTED_IMAGE_TYPES);
});

test('publishing is refused until title, images and video are saved, then accepted and undone', async ({
  page,
}) => {
  await page.getByRole('button', { name: 'Publier' }).click();
  await expectAlert(page, MESSAGES.publishFieldsMissing);

  // A draft with only a title saves fine but still cannot go live.
  await page.getByLabel('Titre de la page').fill('Les recettes de Léa');
  await save(page);
  await expectAlert(page, MESSAGES.pageSaved);
  await page.getByRole('button', { name: 'Publier' }).click();
  await expectAlert(page, MESSAGES.publishFieldsMissing);
  expect((await creatorRowOf(email))?.is_live).toBe(0);

  await page.getByLabel('Vidéo à la une').fill('youtu.be/dQw4w9WgXcQ?t=3');
  await page.getByLabel('Image horizontale').setInputFiles(await picture('paysage.png', 1600, 1200));
  await page.getByLabel('Image verticale').setInputFiles(await picture('portrait.png', 1000, 2000));
  const horizontalPreview = page.getByRole('img', { name: 'Aperçu : Image horizontale' });
  await expect(horizontalPreview).toBeVisible();
  expect((await horizontalPreview.boundingBox())?.width).toBe(200);

  // Holds the upload so its progress and the busy button can be seen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/page', async (route) => {
    if (route.request().method() === 'PUT') await held;
    await route.continue();
  });
  await save(page);
  await expect(page.getByRole('button', { name: 'Enregistrement…' })).toBeDisabled();
  await expect(page.getByRole('progressbar', { name: 'Envoi : Image horizontale' })).toBeVisible();
  release();
  await expectAlert(page, MESSAGES.pageSaved);
  await page.unroute('**/api/page');
  await expect(page.getByLabel('Vidéo à la une')).toHaveValue(VIDEO_LINK);

  const row = await creatorRowOf(email);
  expect(row?.hor_img_url).toMatch(/^creators\/[^/]+\/[^/]+\.jpg$/);
  expect(await storedImageSize(row?.hor_img_url ?? '')).toEqual({ width: 900, height: 600, format: 'jpeg' });
  expect(await storedImageSize(row?.ver_img_url ?? '')).toEqual({ width: 600, height: 900, format: 'jpeg' });

  await page.getByRole('button', { name: 'Publier' }).click();
  await expectAlert(page, MESSAGES.pagePublished);
  await expect(page.getByText('EN LIGNE', { exact: true })).toBeVisible();
  expect((await creatorRowOf(email))?.is_live).toBe(1);

  // Live, the page keeps its title: emptying it is refused at the field and nothing is saved.
  const title = page.getByLabel('Titre de la page');
  await title.fill('');
  await save(page);
  await expectAlert(page, MESSAGES.livePageTextsRequired);
  await expect(page.getByText(MESSAGES.livePageTextRequired)).toBeVisible();
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  expect((await creatorRowOf(email))?.title).toBe('Les recettes de Léa');
  await title.fill('Les recettes de Léa');

  // Replacing an image removes the old file once the new one is saved.
  await page.getByLabel('Image horizontale').setInputFiles(await picture('autre.png', 500, 500));
  await save(page);
  await expectAlert(page, MESSAGES.pageSaved);
  const replaced = await creatorRowOf(email);
  expect(replaced?.hor_img_url).not.toBe(row?.hor_img_url);
  expect(await storedFileExists(row?.hor_img_url ?? '')).toBe(false);
  expect(await storedImageSize(replaced?.hor_img_url ?? '')).toEqual({
    width: 900,
    height: 600,
    format: 'jpeg',
  });

  await page.getByRole('button', { name: 'Dépublier' }).click();
  await expectAlert(page, MESSAGES.pageUnpublished);
  await expect(page.getByRole('button', { name: 'Publier' })).toBeVisible();
  expect((await creatorRowOf(email))?.is_live).toBe(0);
});

test('the script code is kept exactly as typed and shown as text, never run', async ({ page }) => {
  page.on('dialog', (dialog) => {
    throw new Error(`A dialog opened: ${dialog.message()}`);
  });
  const code = '<script\n  src="https://lebavard.fr/widget.js"\n  data-bot-id="42"\n></script>\n';
  const field = page.getByLabel('Code du script de l’assistant IA (facultatif)');
  await field.fill(code);
  await save(page);
  await expectAlert(page, MESSAGES.pageSaved);
  expect((await creatorRowOf(email))?.lebavard_url).toBe(code);

  await page.reload();
  await expect(field).toHaveValue(code);
  await expect(page.getByText('Assistant IA : ton script')).toBeVisible();
  expect(await page.evaluate(() => document.querySelectorAll('main script').length)).toBe(0);
});

test('an invalid link is refused with its own message and nothing typed is lost', async ({ page }) => {
  await page.getByLabel('Titre de la page').fill('Pas encore');
  await page.getByLabel('Lien Instagram', { exact: true }).fill('javascript:alert(1)');
  await save(page);
  await expectAlert(page, MESSAGES.instagramLinkInvalid);
  await expect(page.getByText(MESSAGES.instagramLinkInvalid)).toBeVisible();
  await expect(page.getByLabel('Lien Instagram', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Lien Instagram', { exact: true })).toBeFocused();
  await expect(page.getByLabel('Titre de la page')).toHaveValue('Pas encore');
  expect((await creatorRowOf(email))?.title).toBe('');

  await page.getByLabel('Vidéo à la une').fill('https://vimeo.com/1234');
  await page.getByLabel('Lien Instagram', { exact: true }).fill('https://instagram.com/lea');
  await save(page);
  await expectAlert(page, MESSAGES.homeVideoLinkInvalid);
});

test('failures show the spec messages and keep the form as it was', async ({ page }) => {
  await page.getByLabel('Titre de la page').fill('Gardé');
  await page.route('**/api/page', (route) => route.abort());
  await save(page);
  await expectAlert(page, MESSAGES.pageSaveFailed);
  await expect(page.getByLabel('Titre de la page')).toHaveValue('Gardé');

  await page.route('**/api/page/publish', (route) => route.abort());
  await page.getByRole('button', { name: 'Publier' }).click();
  await expectAlert(page, MESSAGES.publishFailed);
});

test('leaving with unsaved changes asks first; after a save it does not', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByLabel('Titre de la page').fill('Un titre pas encore enregistré');
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(MESSAGES.unsavedChanges);
  await dialog.getByRole('button', { name: 'Rester' }).click();
  await expect(page).toHaveURL(/\/pagesettings$/);
  await expect(page.getByLabel('Titre de la page')).toHaveValue('Un titre pas encore enregistré');

  await save(page);
  await expectAlert(page, MESSAGES.pageSaved);
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('on a phone: required fields first, the assistant script last, the preview a tap away, the save bar always in view', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const labels = await page
    .locator('form.page-settings-form label, form.page-settings-form legend')
    .allInnerTexts();
  const at = (text: string) => labels.findIndex((label) => label.startsWith(text));
  expect(at('Titre de la page')).toBeLessThan(at('Biographie'));
  expect(at('Vidéo à la une')).toBeLessThan(at('Biographie'));
  expect(at('Code du script de l’assistant IA')).toBe(labels.length - 1);

  // The save bar stays at the bottom of the screen over the long form, and says what is unsaved.
  const bar = page.getByRole('button', { name: 'Enregistrer' });
  await page.evaluate(() => window.scrollTo({ top: 0 }));
  await expect(bar).toBeInViewport();
  await expect(page.getByText('Tout est enregistré')).toBeVisible();
  await page.getByLabel('Titre de la page').fill('Mes recettes');
  const unsaved = page.getByText('Modifications non enregistrées');
  await expect(unsaved).toBeVisible();
  await expect(bar).toBeInViewport();
  // Two lines beside the button at most, not a word a line.
  const lines = await unsaved.evaluate(
    (status) => status.getBoundingClientRect().height / parseFloat(getComputedStyle(status).lineHeight),
  );
  expect(Math.round(lines)).toBeLessThanOrEqual(2);

  await page.getByRole('link', { name: 'Voir l’aperçu de ta page' }).click();
  await expect(page.getByRole('figure', { name: 'Aperçu dans l’app' })).toBeInViewport();
  await expect(page.getByRole('figure', { name: 'Aperçu dans l’app' })).toContainText('Mes recettes');
});
