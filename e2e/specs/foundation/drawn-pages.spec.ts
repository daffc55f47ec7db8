import { expect, test, type Page } from '@playwright/test';
import { appRunning, consoleMessages, openWithHeldScript, PHONE } from '../../support/foundation.ts';
import {
  answerThumbnails,
  makeCreator,
  searchVideos,
  seedVideos,
  signInCreator,
  uniqueTag,
  videoCards,
} from '../../support/videos.ts';

/*
 * The server draws /videos for a signed-in visitor, with their cards, and sends the data it drew
 * them with (docs/decisions/027-signed-in-pages-drawn-by-the-server.md): the page reads before
 * any script runs, its pictures show even when YouTube does not answer, a search sent before the
 * app runs is drawn too, and React takes the page over without drawing it again.
 */

/** The console's messages, but for the thumbnails YouTube was made to refuse. */
const withoutRefusedThumbnails = (messages: string[]) =>
  messages.filter((message) => !message.startsWith('Failed to load resource'));

/** Where each card's picture comes from, and whether it shows. */
function pictures(page: Page) {
  return videoCards(page, 'Mes vidéos')
    .getByRole('img')
    .evaluateAll((images) =>
      (images as HTMLImageElement[]).map((image) => ({
        source: image.dataset.source,
        // Empty until the browser has picked the image's source.
        own: image.currentSrc !== '' && new URL(image.currentSrc).pathname.startsWith('/files/'),
        shown: image.complete && image.naturalWidth > 0,
      })),
    );
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("a creator's videos are in the page itself, and a search is drawn by the server", async ({
    page,
    context,
  }) => {
    const tag = uniqueTag();
    const creator = await makeCreator({ live: true });
    const someoneElse = await makeCreator({ live: true });
    await seedVideos(creator.id, [`${tag} Aube`, `${tag} Bise`, `${tag} Cime`]);
    await seedVideos(someoneElse.id, [`${tag} Dune`]);
    await signInCreator(context, creator);

    await page.goto('/videos');
    await expect(page).toHaveTitle('Mes vidéos · Coulisses');
    await expect(page.getByRole('heading', { level: 1, name: 'Mes vidéos' })).toBeVisible();
    const titles = videoCards(page, 'Mes vidéos').getByRole('heading');
    await expect(titles).toHaveCount(3);
    expect((await titles.allTextContents()).toSorted()).toEqual([
      `${tag} Aube`,
      `${tag} Bise`,
      `${tag} Cime`,
    ]);
    await expect(page.getByText(`${tag} Dune`)).toHaveCount(0);

    await page.getByRole('searchbox', { name: 'Rechercher une vidéo par son titre' }).fill('BISE');
    await page.getByRole('searchbox', { name: 'Rechercher une vidéo par son titre' }).press('Enter');
    await expect(page).toHaveURL(/\/videos\?q=BISE$/);
    await expect(videoCards(page, 'Mes vidéos').getByRole('heading')).toHaveText([`${tag} Bise`]);
  });

  test('a title made of markup is drawn as text, and the data sent with the page stays whole', async ({
    page,
    context,
  }) => {
    const creator = await makeCreator({ live: true });
    const title = `</script><script>document.title = 'piégé'</script> $& <!-- fin`;
    await seedVideos(creator.id, [title]);
    await signInCreator(context, creator);

    await page.goto('/videos');
    await expect(videoCards(page, 'Mes vidéos').getByRole('heading')).toHaveText([title]);
    await expect(page).toHaveTitle('Mes vidéos · Coulisses');
    const sent = await page.locator('#page-state').textContent();
    expect(JSON.stringify(JSON.parse(sent ?? ''))).toContain(JSON.stringify(title).slice(1, -1));
  });
});

test('before the app runs, a card shows its own picture when YouTube does not answer; then React takes the page over', async ({
  page,
  context,
}) => {
  const tag = uniqueTag();
  const creator = await makeCreator({ live: true });
  await seedVideos(creator.id, [`${tag} Aube`, `${tag} Bise`]);
  await answerThumbnails(page, 'fail');
  await signInCreator(context, creator);
  const messages = consoleMessages(page);

  const { h1, release } = await openWithHeldScript(page, '/videos', 'Mes vidéos');
  await expect
    .poll(() => pictures(page))
    .toEqual([
      { source: 'upload', own: true, shown: true },
      { source: 'upload', own: true, shown: true },
    ]);
  release();
  await appRunning(page);

  // Taken over, not drawn again: the mark stays through a search made by the app, not the server.
  await searchVideos(page, 'aube');
  await expect(videoCards(page, 'Mes vidéos')).toHaveCount(1);
  await expect(page).toHaveURL(/\/videos\?q=aube$/);
  await expect(h1).toHaveAttribute('data-prerendered', '');
  // A card of the new list, drawn by the app: its own fallback this time.
  await expect.poll(() => pictures(page)).toEqual([{ source: 'upload', own: true, shown: true }]);

  await page.getByRole('button', { name: `Supprimer la vidéo ${tag} Aube` }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(withoutRefusedThumbnails(messages)).toEqual([]);
});

test('a search sent before the app runs comes back drawn by the server', async ({ page, context }) => {
  const tag = uniqueTag();
  const creator = await makeCreator({ live: true });
  await seedVideos(creator.id, [`${tag} Aube`, `${tag} Bise`]);
  await answerThumbnails(page, 'picture');
  await signInCreator(context, creator);
  // The app's code never comes.
  await page.route(/\/assets\/index-[^/]+\.js$/, () => {});

  await page.goto('/videos', { waitUntil: 'commit' });
  await expect(videoCards(page, 'Mes vidéos')).toHaveCount(2);
  await searchVideos(page, 'bise');
  await expect(page).toHaveURL(/\/videos\?q=bise$/);
  await expect(videoCards(page, 'Mes vidéos').getByRole('heading')).toHaveText([`${tag} Bise`]);
});

test('a page scrolled before the app runs stays where it was scrolled', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const { release } = await openWithHeldScript(page, '/', 'Bienvenue dans les coulisses');
  await page.getByRole('navigation', { name: 'Informations légales' }).scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(300);

  release();
  await appRunning(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  // What the visitor aimed at is still under the pointer.
  await page
    .getByRole('navigation', { name: 'Informations légales' })
    .getByRole('link', { name: 'Politique de confidentialité' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Politique de confidentialité' })).toBeVisible();
});
