import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { MESSAGES } from '@coulisses/domain/messages';
import { admin, createUser, signIn } from '../../support/fixtures.ts';
import { appRunning, consoleMessages, holdRequests, requestsOf } from '../../support/foundation.ts';
import { seedDiscounts } from '../../support/discounts.ts';
import { makeCreator, searchVideos, seedVideos, uniqueTag, videoCards } from '../../support/videos.ts';

/*
 * Moving within the app, a page's code and its first data are asked for side by side as soon as
 * the app moves, and its code as soon as a link to it is pointed at or focused: on a phone's
 * network each is a round trip the visitor no longer waits for in turn
 * (docs/decisions/046-pages-started-ahead.md).
 */

/** The superadmin on the dashboard, the app running: where each move below starts. */
async function onDashboard(page: Page, context: BrowserContext) {
  await signIn(context, admin);
  await page.goto('/dashboard');
  await appRunning(page);
}

const nav = (page: Page) => page.getByRole('navigation');
const subscribersTable = (page: Page) =>
  page.getByRole('region', { name: 'Liste des abonnés' }).getByRole('table');

test('a page followed from the menu asks for its data while its code is still on its way, once', async ({
  page,
  context,
}) => {
  await onDashboard(page, context);
  const release = await holdRequests(page, /\/assets\/subscribers-[^/]+\.js$/);
  const requests = requestsOf(page);
  const messages = consoleMessages(page);

  await nav(page).getByRole('link', { name: 'Abonnés' }).click();
  await expect.poll(() => requests.filter((path) => path.startsWith('/api/users'))).toHaveLength(1);
  await expect(page.getByRole('heading', { level: 1, name: 'Abonnés' })).toBeHidden();
  release();

  await expect(page.getByRole('heading', { level: 1, name: 'Abonnés' })).toBeVisible();
  await expect(subscribersTable(page).getByRole('cell', { name: admin.email, exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(requests.filter((path) => path.startsWith('/api/users'))).toHaveLength(1);
  expect(messages).toEqual([]);
});

test('a search asks for its list once, as it is sent', async ({ page, context }) => {
  await signIn(context, admin);
  await page.goto('/users');
  await appRunning(page);
  const requests = requestsOf(page);

  await page.getByRole('searchbox', { name: 'Chercher un abonné par e-mail' }).fill(admin.email);
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await expect(subscribersTable(page).getByRole('row')).toHaveCount(2);
  await page.waitForLoadState('networkidle');
  expect(requests.filter((path) => path.startsWith('/api/users'))).toEqual([
    `/api/users?q=${encodeURIComponent(admin.email)}`,
  ]);
});

test('an edit page asks for its item and its categories while its code is still on its way, once', async ({
  page,
  context,
}) => {
  const creator = await makeCreator();
  const title = `Vidéo ouverte en avance ${uniqueTag()}`;
  const [video] = await seedVideos(creator.id, [title]);
  await signIn(context, admin);
  await page.goto('/allvideos');
  await appRunning(page);
  await searchVideos(page, title);
  await expect(videoCards(page, 'Toutes les vidéos')).toHaveCount(1);
  const release = await holdRequests(page, /\/assets\/edit-video-[^/]+\.js$/);
  const requests = requestsOf(page);

  await videoCards(page, 'Toutes les vidéos')
    .getByRole('link', { name: /Modifier/ })
    .click();
  await expect.poll(() => requests.filter((path) => path === `/api/videos/${video!.id}`)).toHaveLength(1);
  await expect(page.getByRole('heading', { level: 1, name: 'Modifier la vidéo' })).toBeHidden();
  release();

  await expect(page.getByRole('textbox', { name: 'Titre' })).toHaveValue(title);
  await page.waitForLoadState('networkidle');
  expect(requests.filter((path) => path === `/api/videos/${video!.id}`)).toHaveLength(1);
});

test('an edit page opened from its address asks for its item while its code is still on its way', async ({
  page,
  context,
}) => {
  const title = `Discount ouvert en avance ${uniqueTag()}`;
  const [discount] = await seedDiscounts([title]);
  await signIn(context, admin);
  const release = await holdRequests(page, /\/assets\/edit-discount-[^/]+\.js$/);
  const requests = requestsOf(page);

  await page.goto(`/discounts/${discount!.id}`, { waitUntil: 'commit' });
  await expect
    .poll(() => requests.filter((path) => path === `/api/discounts/${discount!.id}`))
    .toHaveLength(1);
  await expect(page.getByRole('heading', { level: 1, name: 'Modifier le discount' })).toBeHidden();
  release();

  await expect(page.getByRole('textbox', { name: 'Titre' })).toHaveValue(title);
  await page.waitForLoadState('networkidle');
  expect(requests.filter((path) => path === `/api/discounts/${discount!.id}`)).toHaveLength(1);
});

for (const intent of ['pointed at', 'focused'] as const) {
  test(`a link ${intent} fetches its page's code before it is followed, and no data`, async ({
    page,
    context,
  }) => {
    await onDashboard(page, context);
    const requests = requestsOf(page);
    const link = nav(page).getByRole('link', { name: 'Créateurs' });

    const code = page.waitForRequest(/\/assets\/creators-[^/]+\.js$/, { timeout: 10_000 });
    if (intent === 'pointed at') await link.hover();
    else await link.focus();
    await (await code).response();
    await page.waitForLoadState('networkidle');
    expect(requests.filter((path) => path.startsWith('/api/'))).toEqual([]);
    await expect(page).toHaveURL(/\/dashboard$/);
  });
}

test('a creator sent to a superadmin page is refused without a request the server refuses', async ({
  page,
  context,
}) => {
  const creator = await createUser({ prefix: 'ahead' });
  await signIn(context, creator);
  const requests = requestsOf(page);
  const messages = consoleMessages(page);

  await page.goto('/users');
  await expect(page.getByText(MESSAGES.noAccess)).toBeVisible();
  await page.goto('/journal');
  await expect(page.getByText(MESSAGES.noAccess)).toBeVisible();
  await page.goto('/discounts/un-discount');
  await expect(page.getByText(MESSAGES.noAccess)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(requests.filter((path) => /^\/api\/(users|journal|discounts)/.test(path))).toEqual([]);
  expect(messages).toEqual([]);
});
