import { expect, test, type Locator } from '@playwright/test';
import { admin, signIn } from '../../support/fixtures.ts';
import { seedUsers, uniqueTag } from '../../support/creators.ts';

/*
 * On a phone each subscriber is a card of its own (styles/features.css, `.stacked-table`), and a
 * page holds 500 of them: laid out all at once, they held a phone's main thread for most of a
 * second as the page opened. The browser now draws only the cards near the screen
 * (docs/decisions/049-long-tables-drawn-near-the-screen.md).
 */

/** Whether the browser has drawn the row's content, rather than skipped it for being far from the screen. */
const isDrawn = (row: Locator) =>
  row
    .getByRole('cell')
    .first()
    .evaluate((cell) => cell.checkVisibility({ contentVisibilityAuto: true }));

test.use({ viewport: { width: 375, height: 740 } });

test('on a phone, the subscribers far below the screen are drawn as they come near it', async ({
  context,
  page,
}) => {
  const tag = uniqueTag();
  const emails = await seedUsers(`long-${tag}`, 40);
  await signIn(context, admin);
  await page.goto(`/users?q=long-${tag}`);
  const rows = page.getByRole('table').getByRole('row');
  // Every row is in the page, for the screen reader and the browser's search.
  await expect(rows).toHaveCount(emails.length + 1);
  await expect(rows.nth(1)).toContainText(emails[0]!);
  expect(await isDrawn(rows.nth(1))).toBe(true);
  const last = rows.last();
  await expect(last).toContainText(emails.at(-1)!);
  expect(await isDrawn(last)).toBe(false);

  await last.scrollIntoViewIfNeeded();
  await expect.poll(() => isDrawn(last)).toBe(true);
  await expect(last.getByRole('button', { name: 'Sourdine' })).toBeVisible();
});
