import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { appRunning, consoleMessages, holdRequests, requestsOf } from '../../support/foundation.ts';
import {
  answerThumbnails,
  makeCreator,
  seedVideos,
  signInCreator,
  videoCards,
} from '../../support/videos.ts';

/*
 * A signed-in page asks for its session and its code side by side, then its first data as soon as
 * the session is known, each once, instead of each waiting for the one before
 * (docs/decisions/022-page-start.md). The server draws /videos itself for a signed-in visitor
 * (docs/decisions/027-signed-in-pages-drawn-by-the-server.md): the browser then asks nothing; it
 * sends index.html instead when it cannot, and the app starts the page as above.
 */

/** Signs a new creator in, whose videos are `titles`, YouTube answering every thumbnail. */
async function signInWithVideos(page: Page, context: BrowserContext, titles: string[]) {
  const creator = await makeCreator({ live: true });
  await seedVideos(creator.id, titles);
  await answerThumbnails(page, 'picture');
  await signInCreator(context, creator);
}

/** /videos answered as the server answers a page it does not draw: index.html, #root empty. */
async function serveUndrawn(page: Page) {
  await page.route(/\/videos(\?.*)?$/, async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const shell = await route.fetch({ url: new URL('/account', route.request().url()).href });
    return route.fulfill({ response: shell });
  });
}

test('/videos, signed in, comes drawn with its cards: the browser asks the API nothing', async ({
  page,
  context,
}) => {
  await signInWithVideos(page, context, ['Aube', 'Bise', 'Cime']);
  const requests = requestsOf(page);
  const messages = consoleMessages(page);

  await page.goto('/videos');
  await expect(videoCards(page, 'Mes vidéos')).toHaveCount(3);
  await page.waitForLoadState('networkidle');
  expect(requests.filter((path) => path.startsWith('/api/'))).toEqual([]);
  expect(messages).toEqual([]);
});

test('/videos, signed in, starts without the browser formatting a date: the first formatter costs a phone 100 ms', async ({
  page,
  context,
}) => {
  await signInWithVideos(page, context, ['Aube', 'Bise', 'Cime']);
  await page.addInitScript(() => {
    const counted = window as unknown as { dateFormatters: number };
    counted.dateFormatters = 0;
    Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
      construct(target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        counted.dateFormatters += 1;
        return new target(...args);
      },
      apply(target, _this, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        counted.dateFormatters += 1;
        return target(...args);
      },
    });
  });

  await page.goto('/videos');
  await appRunning(page);
  await expect(videoCards(page, 'Mes vidéos').first()).toContainText(/Ajoutée le \d{2}\/\d{2}\/\d{4}/);
  expect(await page.evaluate(() => (window as unknown as { dateFormatters: number }).dateFormatters)).toBe(0);
});

test('/videos not drawn asks for its code while the session check is on its way, then its videos, each once', async ({
  page,
  context,
}) => {
  await signInWithVideos(page, context, ['Aube', 'Bise', 'Cime']);
  await serveUndrawn(page);
  const requests = requestsOf(page);
  const messages = consoleMessages(page);
  const release = await holdRequests(page, '**/api/auth/me');

  await page.goto('/videos', { waitUntil: 'commit' });
  await expect
    .poll(() => requests.filter((path) => /^\/assets\/my-videos-[^/]+\.js$/.test(path)))
    .toHaveLength(1);
  expect(requests).toContain('/api/auth/me');
  expect(requests).not.toContain('/api/videos/mine');
  release();

  await expect(videoCards(page, 'Mes vidéos')).toHaveCount(3);
  await page.waitForLoadState('networkidle');
  const api = requests.filter((path) => path.startsWith('/api/'));
  expect(api.toSorted()).toEqual(['/api/auth/me', '/api/video-categories', '/api/videos/mine']);
  expect(messages).toEqual([]);
});

test('/videos, signed out, goes to the sign-in page without a refused request', async ({ page }) => {
  const requests = requestsOf(page);
  const messages = consoleMessages(page);
  await page.goto('/videos');
  await expect(page.getByRole('button', { name: 'Connexion' })).toBeEnabled();
  await page.waitForLoadState('networkidle');
  expect(requests.filter((path) => path.startsWith('/api/'))).toEqual(['/api/auth/me']);
  expect(messages).toEqual([]);
});

for (const drawn of [true, false]) {
  test(`/videos?q= ${drawn ? 'comes drawn with' : 'not drawn asks at once for'} the search it shows, and for no other list`, async ({
    page,
    context,
  }) => {
    await signInWithVideos(page, context, ['Aube', 'Bise']);
    if (!drawn) await serveUndrawn(page);
    const requests = requestsOf(page);

    await page.goto('/videos?q=bise');
    await expect(videoCards(page, 'Mes vidéos')).toHaveCount(1);
    await expect(page.getByRole('searchbox', { name: 'Rechercher une vidéo par son titre' })).toHaveValue(
      'bise',
    );
    await page.waitForLoadState('networkidle');
    expect(requests.filter((path) => path.startsWith('/api/videos'))).toEqual(
      drawn ? [] : ['/api/videos/mine?q=bise'],
    );
  });
}

test('a prerendered page, signed out, asks nothing about the session', async ({ page }) => {
  const requests = requestsOf(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Connexion' })).toBeEnabled();
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Espace créateurs' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(requests).not.toContain('/api/auth/me');
});
