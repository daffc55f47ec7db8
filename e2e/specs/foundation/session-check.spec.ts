import { expect, test, type Page } from '@playwright/test';
import { SESSION_EXPIRY_MARGIN_MS, SESSION_RENEW_BEFORE_MS } from '@coulisses/domain/constants/limits';
import { createUser, signIn, signInWithForm } from '../../support/fixtures.ts';
import { expireSessionsOf } from '../../support/foundation.ts';

/*
 * The session check and its renewal when the server or the network lets the app down: the app says
 * so and offers to try again, or signs out on time; only a real 401 sends the user to /login.
 */

const INVALID_RESPONSE = 'Le serveur ne répond pas correctement. Réessaie dans un instant.';
/** What a reverse proxy answers when the API behind it is down: HTML, not the API's JSON. */
const PROXY_502_PAGE = '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>';

function answerSessionCheck(page: Page, answer: 'server error' | 'network error' | 'proxy page') {
  return page.route('**/api/auth/me', (route) => {
    if (answer === 'network error') return route.abort('internetdisconnected');
    if (answer === 'proxy page')
      return route.fulfill({ status: 502, contentType: 'text/html', body: PROXY_502_PAGE });
    return route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'internal_error', message: 'Le serveur a un souci.' } }),
    });
  });
}

test.describe('the session check', () => {
  test.beforeEach(async ({ context }) => {
    await signIn(context, await createUser({ prefix: 'session-check' }));
  });

  test('a server error shows the error and a retry that lets the creator in, not /login', async ({
    page,
  }) => {
    await answerSessionCheck(page, 'server error');
    await page.goto('/dashboard');
    const error = page.getByRole('alert');
    await expect(error).toContainText('Le serveur a un souci.');
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.unrouteAll();
    await error.getByRole('button', { name: 'Réessayer' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tes stats' })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a network failure says to check the connection and offers a retry', async ({ page }) => {
    await answerSessionCheck(page, 'network error');
    // A page the browser draws: /videos comes drawn by the server, the session known.
    await page.goto('/account');
    const error = page.getByRole('alert');
    await expect(error).toContainText('Connexion impossible. Vérifie ton réseau et réessaie.');
    await expect(page).toHaveURL(/\/account$/);

    await page.unrouteAll();
    await error.getByRole('button', { name: 'Réessayer' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mon compte' })).toBeVisible();
  });

  test("a proxy's HTML error page reads as a clear French message", async ({ page }) => {
    await answerSessionCheck(page, 'proxy page');
    await page.goto('/dashboard');
    await expect(page.getByRole('alert')).toContainText(INVALID_RESPONSE);
    await expect(page.getByRole('alert')).not.toContainText('JSON');
  });
});

test('a sign-in answered by a proxy error page says the server is not answering, not a wrong password', async ({
  page,
}) => {
  const creator = await createUser({ prefix: 'session-proxy' });
  await page.route('**/api/auth/login', (route) =>
    route.fulfill({ status: 502, contentType: 'text/html', body: PROXY_502_PAGE }),
  );
  await signInWithForm(page, creator);
  const alert = page.getByRole('alertdialog');
  await expect(alert).toHaveAccessibleDescription(INVALID_RESPONSE);
  await expect(page).toHaveURL(/\/login$/);
});

test('a renewal that fails still signs the creator out 30 s before the session ends', async ({
  page,
  context,
}) => {
  await signIn(context, await createUser({ prefix: 'session-renewal' }));
  const { expiresAt } = (await (await context.request.get('/api/auth/me')).json()) as { expiresAt: number };
  await page.clock.install();
  await page.route('**/api/auth/refresh', (route) => route.abort('internetdisconnected'));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Tes stats' })).toBeVisible();

  // The page's own clock, which the test moves: the session's end is counted from it.
  const jumpTo = async (time: number) =>
    page.clock.fastForward(time - (await page.evaluate<number>('Date.now()')));

  const renewal = page.waitForRequest('**/api/auth/refresh');
  await jumpTo(expiresAt - SESSION_RENEW_BEFORE_MS + 1000);
  await renewal;
  await expect(page).toHaveURL(/\/dashboard$/);

  await jumpTo(expiresAt - SESSION_EXPIRY_MARGIN_MS + 1000);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Espace créateurs' })).toBeVisible();
});

test('a call refused because the session ended on the server sends the app to /login at once', async ({
  page,
  context,
}) => {
  const creator = await createUser({ prefix: 'session-ended' });
  await signIn(context, creator);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Tes stats' })).toBeVisible();

  await expireSessionsOf(creator.email);
  // Mes vidéos asks the server for its list (the dashboard has already read the page settings). A
  // refetch of the dashboard's own data may be refused first and take the app to /login before the
  // menu is reached: either refused call must end there.
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  try {
    await nav.getByRole('button', { name: 'Vidéos' }).click({ timeout: 10_000 });
    await nav.getByRole('link', { name: 'Mes vidéos' }).click({ timeout: 10_000 });
  } catch {
    // The menu went away with the session: the URL below tells where the app went.
  }
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Espace créateurs' })).toBeVisible();
});

test('a 30-day session is renewed 5 minutes before its end, not at once', async ({ page, context }) => {
  await signIn(context, await createUser({ prefix: 'session-long' }));
  await page.clock.install();
  const thirtyDays = 30 * 24 * 60 * 60 * 1000;
  const expiresAt = (await page.evaluate<number>('Date.now()')) + thirtyDays;
  // The server may be configured for sessions this long (SESSION_IDLE_MINUTES up to 30 days).
  await page.route('**/api/auth/me', async (route) => {
    const session = (await (await route.fetch()).json()) as { expiresAt: number };
    await route.fulfill({ json: { ...session, expiresAt } });
  });
  // The page's clock runs 30 days ahead of the server's: the renewed session must end 30 days
  // after the old one in the page's time too, or the app would rightly sign out once it arrives.
  await page.route('**/api/auth/refresh', async (route) => {
    const session = (await (await route.fetch()).json()) as { expiresAt: number };
    await route.fulfill({ json: { ...session, expiresAt: expiresAt + thirtyDays } });
  });
  const renewals: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/refresh')) renewals.push(request.url());
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Tes stats' })).toBeVisible();

  await page.clock.runFor(60_000);
  expect(renewals).toEqual([]);
  await expect(page).toHaveURL(/\/dashboard$/);

  const renewal = page.waitForRequest('**/api/auth/refresh');
  await page.clock.runFor(thirtyDays - SESSION_RENEW_BEFORE_MS - 60_000);
  await (await renewal).response();
  await page.clock.runFor(60_000);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tes stats' })).toBeVisible();
});
