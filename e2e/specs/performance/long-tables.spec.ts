import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { admin, signIn } from '../../support/fixtures.ts';
import { seedUsers, uniqueTag } from '../../support/creators.ts';

/*
 * A page of subscribers holds 500 rows: laid out all at once, they held the main thread for most
 * of a second on a phone, where each is a card of its own, and half a second on a computer, where
 * they are a table. The browser now draws only the rows near the screen (styles/long-tables.css,
 * docs/decisions/049-long-tables-drawn-near-the-screen.md).
 */

/** Whether the browser has drawn the row's content, rather than skipped it for being far from the screen. */
const isDrawn = (row: Locator) =>
  row
    .getByRole('cell')
    .first()
    .evaluate((cell) => cell.checkVisibility({ contentVisibilityAuto: true }));

/** The left edge of each of the row's cells, headers included. */
const cellEdges = (row: Locator) =>
  row.evaluate((element) =>
    Array.from(element.children, (cell) => Math.round(cell.getBoundingClientRect().left)),
  );

/** Opens 40 subscribers of a search; checks every row is in the page, the first drawn, the last not. */
async function openFortySubscribers({ context, page }: { context: BrowserContext; page: Page }) {
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
  return { rows, last };
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the subscribers far below the screen are drawn as they come near it', async ({ context, page }) => {
    const { last } = await openFortySubscribers({ context, page });
    await last.scrollIntoViewIfNeeded();
    await expect.poll(() => isDrawn(last)).toBe(true);
    await expect(last.getByRole('button', { name: 'Sourdine' })).toBeVisible();
  });
});

test.describe('on a computer', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the subscribers far below the screen are drawn as they come near it, in the columns of the header', async ({
    context,
    page,
  }) => {
    const { rows, last } = await openFortySubscribers({ context, page });
    const header = rows.first();
    await expect(header.getByRole('columnheader')).toHaveCount(7);
    const columns = await cellEdges(header);
    expect(await cellEdges(rows.nth(1))).toEqual(columns);

    await last.scrollIntoViewIfNeeded();
    await expect.poll(() => isDrawn(last)).toBe(true);
    await expect(last.getByRole('button', { name: 'Sourdine' })).toBeVisible();
    expect(await cellEdges(last)).toEqual(columns);
  });
});

test.describe('on a small computer', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('an e-mail too long for its column goes to the line before its @, not anywhere', async ({
    context,
    page,
  }) => {
    const tag = uniqueTag();
    const [email] = await seedUsers(`ligne-${tag}`, 1);
    await signIn(context, admin);
    await page.goto(`/users?q=ligne-${tag}`);
    const cell = page.getByRole('table').getByRole('row').nth(1).getByRole('cell').first();
    await expect(cell).toHaveText(email!);
    // Each text node of the cell: the lines it takes, and where its first line starts.
    const parts = await cell.evaluate((td) =>
      Array.from(td.childNodes)
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => {
          const range = document.createRange();
          range.selectNodeContents(node);
          const [first, ...others] = Array.from(range.getClientRects());
          return { lines: others.length + 1, left: Math.round(first!.left), top: Math.round(first!.top) };
        }),
    );
    // The name on one line, its @ and domain whole on the next, both from the column's edge.
    expect(parts.map(({ lines }) => lines)).toEqual([1, 1]);
    const [name, domain] = parts;
    expect(domain!.top).toBeGreaterThan(name!.top);
    expect(domain!.left).toBe(name!.left);
  });
});
