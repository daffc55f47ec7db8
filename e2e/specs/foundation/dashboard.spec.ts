import { expect, test, type Page } from '@playwright/test';
import { formatCount } from '@coulisses/domain/rules/number-format';
import { admin, createUser, signIn } from '../../support/fixtures.ts';
import { completePageViaApi } from '../../support/creators.ts';
import { platformCounts, seedVideos, setCreatorCounters } from '../../support/foundation.ts';

/** The number shown on the dashboard card with this label. */
const statOf = (page: Page, label: string) =>
  page
    .locator('.stat-card')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');

/** Cards whose number runs past their right edge, as the page lays them out now. */
const overflowingCards = (page: Page) =>
  page.locator('.stat-card').evaluateAll((cards) =>
    cards
      .filter((card) => {
        // The text's own box: the dd itself is as wide as the card, whatever it holds.
        const text = document.createRange();
        text.selectNodeContents(card.querySelector('dd')!);
        const value = text.getBoundingClientRect();
        const box = card.getBoundingClientRect();
        return value.right > box.right - 1 || value.left < box.left;
      })
      .map((card) => card.textContent),
  );

test.describe('dashboard', () => {
  test('a creator sees their own counts, spaced by thousands, and nothing of the platform', async ({
    page,
    context,
  }) => {
    const creator = await createUser({ prefix: 'stats' });
    const removeVideos = await seedVideos(creator.email, 1200);
    try {
      await setCreatorCounters(creator.email, 157_124_361, 9_876);
      await signIn(context, creator);
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: 'Tes stats' })).toBeVisible();
      await expect(statOf(page, 'Tes vidéos')).toHaveText('1 200');
      await expect(statOf(page, 'Tes vues')).toHaveText('157 124 361');
      await expect(statOf(page, 'Tes clics')).toHaveText('9 876');
      expect(await overflowingCards(page)).toEqual([]);
      await page.setViewportSize({ width: 375, height: 800 });
      expect(await overflowingCards(page)).toEqual([]);
      await expect(page.getByRole('heading', { name: 'La plateforme' })).toHaveCount(0);
      await expect(statOf(page, 'Utilisateurs')).toHaveCount(0);
    } finally {
      await removeVideos();
    }
  });

  test('a creator with nothing yet sees zeros', async ({ page, context }) => {
    await signIn(context, await createUser({ prefix: 'stats' }));
    await page.goto('/dashboard');
    await expect(statOf(page, 'Tes vidéos')).toHaveText('0');
    await expect(statOf(page, 'Tes vues')).toHaveText('0');
  });

  test('the superadmin also sees the platform counts of users, videos and discounts', async ({
    page,
    context,
  }) => {
    await signIn(context, admin);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'La plateforme' })).toBeVisible();
    // Other tests add rows meanwhile: the page and the database must agree on one reading.
    await expect(async () => {
      await page.reload();
      const counts = await platformCounts();
      await expect(statOf(page, 'Utilisateurs')).toHaveText(formatCount(counts.users), { timeout: 2_000 });
      await expect(statOf(page, 'Vidéos')).toHaveText(formatCount(counts.videos), { timeout: 2_000 });
      await expect(statOf(page, 'Discounts')).toHaveText(formatCount(counts.discounts), { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    for (const label of ['Utilisateurs', 'Vidéos', 'Discounts', 'Vues', 'Clics', 'Tes vidéos']) {
      await expect(statOf(page, label)).toHaveText(/^\d{1,3}( \d{3})*$/);
    }
  });
});

test('a new creator sees their first steps as links, ticked off one by one, then gone', async ({
  page,
  context,
}) => {
  const creator = await createUser({ prefix: 'premiers-pas' });
  await signIn(context, creator);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/dashboard');
  const steps = page.getByRole('region', { name: 'Pour bien démarrer' }).getByRole('listitem');
  await expect(steps).toHaveText([
    'Complète ta page : titre, images et vidéo à la une',
    'Publie ta page',
    'Ajoute ta première vidéo',
  ]);
  for (const item of await steps.all()) {
    expect((await item.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
  await steps.getByRole('link', { name: 'Ajoute ta première vidéo' }).click();
  await expect(page).toHaveURL(/\/addvideo$/);

  await completePageViaApi(context.request);
  await page.goto('/dashboard');
  await expect(steps.nth(0)).toHaveText('Complète ta page : titre, images et vidéo à la une (fait)');
  await expect(steps.nth(0).getByRole('link')).toHaveCount(0);
  await expect(steps.nth(1).getByRole('link', { name: 'Publie ta page' })).toBeVisible();

  const published = await context.request.put('/api/page/publish', { data: { live: true } });
  expect(published.status(), await published.text()).toBe(200);
  await seedVideos(creator.email, 1);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Tes stats' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pour bien démarrer' })).toHaveCount(0);
});
