import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import playwrightConfig from '../playwright.config.ts';
import { openDatabase, userIdOf } from './fixtures.ts';

/** The store link the test server is started with (see playwright.config.ts). */
export const APP_STORE_URL = (() => {
  const server = playwrightConfig.webServer;
  const url = (Array.isArray(server) ? server[0] : server)?.env?.APP_STORE_URL;
  if (!url) throw new Error('playwright.config.ts starts the server without APP_STORE_URL');
  return url;
})();

export const PHONE = { width: 375, height: 740 };

/** The page is exactly as wide as the screen: nothing to scroll sideways. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  // A string: this package is type-checked without the DOM library.
  const widths = await page.evaluate<{ scroll: number; client: number }>(
    '({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth })',
  );
  expect(widths.scroll, 'page wider than the screen').toBeLessThanOrEqual(widths.client);
}

/**
 * Gives a creator `count` videos straight in the database, titled so they sort after anyone
 * else's; returns a function that removes them again.
 */
export function seedVideos(email: string, count: number): () => void {
  const creatorId = userIdOf(email);
  const db = openDatabase();
  try {
    const ids: string[] = [];
    const insert = db.prepare(
      `insert into videos (id, title, title_lowercase, title_search, hor_img_url, ver_img_url, video_url, creator_id, created_at)
       values (?, ?, ?, ?, '', '', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', ?, ?)`,
    );
    db.transaction(() => {
      for (let i = 0; i < count; i += 1) {
        const id = randomUUID();
        const title = `zzz stats ${i}`;
        insert.run(id, title, title, title, creatorId, Date.now());
        ids.push(id);
      }
    })();
    return () => {
      const cleanup = openDatabase();
      try {
        const remove = cleanup.prepare('delete from videos where id = ?');
        cleanup.transaction(() => ids.forEach((id) => remove.run(id)))();
      } finally {
        cleanup.close();
      }
    };
  } finally {
    db.close();
  }
}

/** Sets a creator's own view and click counters, as the app's reports would. */
export function setCreatorCounters(email: string, views: number, clicks: number): void {
  const db = openDatabase();
  try {
    db.prepare('update creators set total_views = ?, total_clicks = ? where id = ?').run(
      views,
      clicks,
      userIdOf(email),
    );
  } finally {
    db.close();
  }
}

export function platformCounts(): { users: number; videos: number; discounts: number } {
  const db = openDatabase();
  try {
    const count = (table: string) =>
      (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    return { users: count('users'), videos: count('videos'), discounts: count('discounts') };
  } finally {
    db.close();
  }
}

export function sessionCountOf(email: string): number {
  const db = openDatabase();
  try {
    const row = db.prepare('select count(*) as n from sessions where user_id = ?').get(userIdOf(email)) as {
      n: number;
    };
    return row.n;
  } finally {
    db.close();
  }
}

/** Ends every session of a user on the server, as the passing of time would. */
export function expireSessionsOf(email: string): void {
  const db = openDatabase();
  try {
    db.prepare('update sessions set expires_at = ? where user_id = ?').run(
      Date.now() - 1000,
      userIdOf(email),
    );
  } finally {
    db.close();
  }
}
