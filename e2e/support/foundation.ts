import { randomUUID } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';
import playwrightConfig from '../playwright.config.ts';
import { userIdOf } from './fixtures.ts';
import { withDatabase } from './server-state.ts';

/** The store link the test server is started with (see playwright.config.ts). */
export const APP_STORE_URL = (() => {
  const server = playwrightConfig.webServer;
  const url = (Array.isArray(server) ? server[0] : server)?.env?.APP_STORE_URL;
  if (!url) throw new Error('playwright.config.ts starts the server without APP_STORE_URL');
  return url;
})();

export const PHONE = { width: 375, height: 740 };

/** Every error and warning the page logs, and every uncaught exception. */
export function consoleMessages(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
  });
  page.on('pageerror', (error) => messages.push(error.message));
  return messages;
}

/** The path and query of every request the page makes from now on, in order. */
export function requestsOf(page: Page): string[] {
  const requests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    requests.push(url.pathname + url.search);
  });
  return requests;
}

/** Holds back the requests matching `pattern` until the returned function is called. */
export async function holdRequests(page: Page, pattern: string | RegExp): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The address an image shows, of those its `srcset` offers. */
export function currentSource(image: Locator): Promise<string> {
  return image.evaluate((element) => (element as HTMLImageElement).currentSrc);
}

/** The page is exactly as wide as the screen: nothing to scroll sideways. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  // A string: this package is type-checked without the DOM library.
  const widths = await page.evaluate<{ scroll: number; client: number }>(
    '({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth })',
  );
  expect(widths.scroll, 'page wider than the screen').toBeLessThanOrEqual(widths.client);
}

/**
 * A list thumbnail: fetched only near the screen, or at once and first on the list's first screen
 * (`firstScreen`), decoded off the main thread, and its box held by width and height attributes
 * in the ratio it is shown, so nothing moves when it arrives.
 */
export async function expectListThumbnail(image: Locator, { firstScreen = false } = {}): Promise<void> {
  await expect(image).toHaveAttribute('loading', firstScreen ? 'eager' : 'lazy');
  if (firstScreen) await expect(image).toHaveAttribute('fetchpriority', 'high');
  else await expect(image).not.toHaveAttribute('fetchpriority');
  await expect(image).toHaveAttribute('decoding', 'async');
  const { width, height, shown } = await image.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return {
      width: Number(element.getAttribute('width')),
      height: Number(element.getAttribute('height')),
      shown: box.width / box.height,
    };
  });
  expect(width, 'width attribute').toBeGreaterThan(0);
  expect(height, 'height attribute').toBeGreaterThan(0);
  expect(width / height).toBeCloseTo(shown, 2);
}

/**
 * Gives a creator `count` videos straight in the database, titled so they sort after anyone
 * else's; returns a function that removes them again.
 */
export async function seedVideos(email: string, count: number): Promise<() => Promise<void>> {
  const creatorId = await userIdOf(email);
  const rows = Array.from({ length: count }, (_, i) => {
    const title = `zzz stats ${i}`;
    return {
      id: randomUUID(),
      title,
      title_lowercase: title,
      title_search: title,
      hor_img_url: '',
      ver_img_url: '',
      video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      creator_id: creatorId,
      created_at: Date.now(),
    };
  });
  const ids = rows.map((row) => row.id);
  // Batches keep each statement under both databases' limits on bound parameters.
  const batches = Array.from({ length: Math.ceil(count / 500) }, (_, i) => i * 500);
  await withDatabase((db) =>
    db.transaction().execute(async (trx) => {
      for (const start of batches) {
        await trx
          .insertInto('videos')
          .values(rows.slice(start, start + 500))
          .execute();
      }
    }),
  );
  return async () => {
    await withDatabase(async (db) => {
      for (const start of batches) {
        await db
          .deleteFrom('videos')
          .where('id', 'in', ids.slice(start, start + 500))
          .execute();
      }
    });
  };
}

/** Sets a creator's own view and click counters, as the app's reports would. */
export async function setCreatorCounters(email: string, views: number, clicks: number): Promise<void> {
  const id = await userIdOf(email);
  await withDatabase((db) =>
    db
      .updateTable('creators')
      .set({ total_views: views, total_clicks: clicks })
      .where('id', '=', id)
      .execute(),
  );
}

export function platformCounts(): Promise<{ users: number; videos: number; discounts: number }> {
  return withDatabase(async (db) => {
    const count = async (table: 'users' | 'videos' | 'discounts') => {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      // PostgreSQL answers count(*) as a string.
      return Number(row.n);
    };
    return {
      users: await count('users'),
      videos: await count('videos'),
      discounts: await count('discounts'),
    };
  });
}

export async function sessionCountOf(email: string): Promise<number> {
  const userId = await userIdOf(email);
  const row = await withDatabase((db) =>
    db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  );
  // PostgreSQL answers count(*) as a string.
  return Number(row.n);
}

/** Ends every session of a user on the server, as the passing of time would. */
export async function expireSessionsOf(email: string): Promise<void> {
  const userId = await userIdOf(email);
  await withDatabase((db) =>
    db
      .updateTable('sessions')
      .set({ expires_at: Date.now() - 1000 })
      .where('user_id', '=', userId)
      .execute(),
  );
}

/**
 * Opens `path` with the app's script held back and marks the heading drawn by the HTML alone; the
 * mark stays once the script has run only if React kept the elements drawn before it (by the build
 * or the server). Returns the heading and what lets the script through.
 */
export async function openWithHeldScript(page: Page, path: string, heading: string) {
  const release = await holdRequests(page, /\/assets\/index-[^/]+\.js$/);
  await page.goto(path, { waitUntil: 'commit' });
  const h1 = page.getByRole('heading', { level: 1, name: heading });
  await expect(h1).toBeVisible();
  await h1.evaluate((element) => element.setAttribute('data-prerendered', ''));
  return { h1, release };
}

/**
 * Waits for the app's code to take over a page drawn before it runs (by the build or the server:
 * docs/decisions/027-signed-in-pages-drawn-by-the-server.md). Before that a link is the browser's
 * own, which loads the next page anew instead of moving within the app.
 */
export async function appRunning(page: Page) {
  await expect(page.locator('.app[data-hydrated]')).toBeAttached();
}
