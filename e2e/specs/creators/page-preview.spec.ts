import { expect, test, type Locator, type Page } from '@playwright/test';
import { MESSAGES } from '@coulisses/domain/messages';
import { createUser, signIn } from '../../support/fixtures.ts';
import { creatorRowOf, expectAlert, picture, storeScriptCode } from '../../support/creators.ts';
import { answerThumbnails, YOUTUBE_ID } from '../../support/videos.ts';

const previewOf = (page: Page) => page.getByRole('figure', { name: 'Aperçu dans l’app' });

/** True once the image has really been drawn (its file loaded), not just put in the page. */
const isDrawn = (image: Locator) =>
  image.evaluate(
    (element) => (element as HTMLImageElement).complete && (element as HTMLImageElement).naturalWidth > 0,
  );

let email: string;
/** Every save the page sends: the preview must not need one. */
let saves: string[];
test.beforeEach(async ({ context, page }) => {
  const creator = await createUser({ prefix: 'preview' });
  email = creator.email;
  await signIn(context, creator);
  saves = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && new URL(request.url()).pathname.startsWith('/api/page')) {
      saves.push(`${request.method()} ${request.url()}`);
    }
  });
  await answerThumbnails(page, 'picture');
  await page.goto('/pagesettings');
  await expect(page.getByRole('button', { name: 'Enregistrer' })).toBeVisible();
});

test('shows the title, bio and links as they are typed, before any save', async ({ page }) => {
  const preview = previewOf(page);
  await expect(preview).toBeVisible();
  // An empty page shows where each part will go.
  await expect(preview.getByText('Titre de ta page')).toBeVisible();
  await expect(preview.getByText('Image horizontale', { exact: true })).toBeVisible();
  await expect(preview.getByText('Vidéo à la une', { exact: true })).toBeVisible();
  await expect(preview.getByRole('list', { name: 'Réseaux' })).toHaveCount(0);

  await page.getByLabel('Titre de la page').fill('Les recettes de Léa');
  await expect(preview.getByText('Les recettes de Léa')).toBeVisible();
  await expect(preview.getByText('Titre de ta page')).toHaveCount(0);

  await page.getByLabel('Biographie').fill('Je cuisine de saison.\nUne vidéo chaque semaine.');
  await expect(preview.getByText('Je cuisine de saison.')).toBeVisible();
  await expect(preview.getByText('Une vidéo chaque semaine.')).toBeVisible();

  // A link shows once it is a real web address, never while it is something else.
  const instagram = page.getByLabel('Lien Instagram', { exact: true });
  await instagram.fill('javascript:alert(1)');
  await expect(preview.getByRole('list', { name: 'Réseaux' })).toHaveCount(0);
  await instagram.fill('https://instagram.com/lea');
  const links = preview.getByRole('list', { name: 'Réseaux' });
  await expect(links.getByRole('listitem')).toHaveText(['Instagram']);
  await page.getByLabel('Lien TikTok', { exact: true }).fill('https://www.tiktok.com/@lea');
  await expect(links.getByRole('listitem')).toHaveText(['Instagram', 'TikTok']);

  await expect(preview.getByText(email)).toHaveCount(0);
  await page.getByRole('checkbox', { name: /Afficher mon e-mail/ }).check();
  await expect(preview.getByText(email)).toBeVisible();

  expect(saves).toEqual([]);
  expect((await creatorRowOf(email))?.title).toBe('');
});

test('shows the chosen images and the featured video thumbnail', async ({ page }) => {
  const preview = previewOf(page);
  await page.getByLabel('Image horizontale').setInputFiles(await picture('paysage.png', 1600, 1200));
  const banner = preview.getByRole('img', { name: 'Image horizontale de la page' });
  await expect(banner).toBeVisible();
  await expect(banner).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => isDrawn(banner)).toBe(true);

  await page.getByLabel('Image verticale').setInputFiles(await picture('portrait.png', 800, 1600));
  const portrait = preview.getByRole('img', { name: 'Image verticale de la page' });
  await expect(portrait).toBeVisible();
  await expect.poll(() => isDrawn(portrait)).toBe(true);

  const video = page.getByLabel('Vidéo à la une');
  await video.fill('https://vimeo.com/1234');
  await expect(preview.getByRole('img', { name: 'Miniature de la vidéo à la une' })).toHaveCount(0);
  await video.fill(`youtu.be/${YOUTUBE_ID}?t=3`);
  const thumbnail = preview.getByRole('img', { name: 'Miniature de la vidéo à la une' });
  await expect(thumbnail).toHaveAttribute('src', `https://i.ytimg.com/vi/${YOUTUBE_ID}/hqdefault.jpg`);
  await expect.poll(() => isDrawn(thumbnail)).toBe(true);
  expect(saves).toEqual([]);

  // Once saved, the preview keeps showing the stored images, now served by the server.
  await page.getByLabel('Titre de la page').fill('Avec images');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expectAlert(page, MESSAGES.pageSaved);
  await page.reload();
  await expect(banner).toHaveAttribute('src', /^(?!blob:)/);
  await expect.poll(() => isDrawn(banner)).toBe(true);
  await expect.poll(() => isDrawn(portrait)).toBe(true);
  await expect(thumbnail).toBeVisible();
});

test('shows the assistant script as a labelled placeholder and never runs it', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    // Reloading over the refused, unsaved code asks first; leaving is what this test wants.
    if (dialog.type() === 'beforeunload') return void dialog.accept();
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const preview = previewOf(page);
  await expect(preview.getByRole('note', { name: 'Assistant IA' })).toHaveCount(0);

  const code =
    '<script>window.__assistantRan = true; alert("script")</script>\n' +
    '<img src="x" onerror="window.__assistantRan = true; alert(\'img\')">';
  await page.getByLabel('Code du script de l’assistant IA (facultatif)').fill(code);
  const placeholder = preview.getByRole('note', { name: 'Assistant IA' });
  await expect(placeholder).toBeVisible();
  await expect(placeholder).toContainText('ton script s’affichera ici dans l’app');
  await expect(preview).not.toContainText('__assistantRan');
  expect(await preview.locator('script, img[src="x"], iframe').count()).toBe(0);

  // The policy refuses it before sending; stored anyway, as older data may be, it is still only named.
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expectAlert(page, 'Script refusé');
  expect(saves).toEqual([]);
  await storeScriptCode(email, code);
  await page.reload();
  await expect(placeholder).toBeVisible();
  expect(await preview.locator('script, img[src="x"], iframe').count()).toBe(0);
  expect(await page.evaluate(() => (window as { __assistantRan?: boolean }).__assistantRan)).toBeUndefined();
  expect(dialogs).toEqual([]);
});

test('a featured video whose thumbnail cannot load shows a clean placeholder, never broken-image text', async ({
  page,
}) => {
  await answerThumbnails(page, 'fail');
  const preview = previewOf(page);
  await page.getByLabel('Vidéo à la une').fill(`https://youtu.be/${YOUTUBE_ID}`);
  await expect(preview.getByTestId('preview-thumbnail-placeholder')).toBeVisible();
  await expect(preview.getByRole('img', { name: 'Miniature de la vidéo à la une' })).toHaveCount(0);
  await expect(preview.getByTestId('preview-thumbnail-placeholder')).toHaveText(/Vidéo à la une/);
});
