import { expect, test, type Locator, type Page } from '@playwright/test';
import { admin, signIn } from '../../support/fixtures.ts';
import { seedDiscountCategory, seedDiscounts, uniqueTag } from '../../support/discounts.ts';
import { withDatabase } from '../../support/server-state.ts';
import {
  answerThumbnails,
  makeCreator,
  seedVideoCategory,
  seedVideos,
  signInCreator,
  videoCards,
} from '../../support/videos.ts';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

const todayInParis = () => new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris' }).format(new Date());

/** Every button and link of the cards, at least 44 px tall and wide for a finger. */
async function expectTouchTargets(cards: Locator) {
  const targets = cards.locator('a, button');
  const count = await targets.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index++) {
    const box = await targets.nth(index).boundingBox();
    expect(box?.height, `target ${index}`).toBeGreaterThanOrEqual(44);
    expect(box?.width, `target ${index}`).toBeGreaterThanOrEqual(44);
  }
}

async function cardHeights(cards: Locator): Promise<number[]> {
  return cards.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().height));
}

test('Mes vidéos: compact rows on a phone with categories, whether the app shows them and their date', async ({
  page,
  context,
}) => {
  const tag = uniqueTag();
  const category = await seedVideoCategory(`Cuisine ${tag}`);
  const creator = await makeCreator({ live: true });
  await seedVideos(
    creator.id,
    Array.from({ length: 8 }, (_, i) => `Recette ${i}`),
    { categoryId: category },
  );
  await answerThumbnails(page, 'picture');
  await signInCreator(context, creator);
  await page.setViewportSize(PHONE);
  await page.goto('/videos');

  const cards = videoCards(page, 'Mes vidéos');
  await expect(cards).toHaveCount(8);
  const first = cards.first();
  await expect(first).toContainText(`Cuisine ${tag}`);
  await expect(first.getByText('Visible dans l’app')).toBeVisible();
  await expect(first).toContainText(`Ajoutée le ${todayInParis()}`);

  // About six to a screen, not two: each row is far shorter than the old full-width card.
  for (const height of await cardHeights(cards)) expect(height).toBeLessThan(180);
  await expectTouchTargets(cards);

  // Wide screens keep the cards side by side, the picture on top.
  await page.setViewportSize(DESKTOP);
  const [a, b] = await cards.evaluateAll((items) =>
    items.slice(0, 2).map((item) => item.getBoundingClientRect().top),
  );
  expect(a).toBe(b);
});

test('Mes vidéos says when the app does not show a video: the page is not published', async ({
  page,
  context,
}) => {
  const creator = await makeCreator();
  await seedVideos(creator.id, ['Brouillon']);
  await answerThumbnails(page, 'picture');
  await signInCreator(context, creator);
  await page.goto('/videos');
  await expect(videoCards(page, 'Mes vidéos').first().getByText('Pas visible dans l’app')).toBeVisible();
});

async function discountCard(page: Page, title: string) {
  return page
    .getByRole('region', { name: 'Liste des discounts' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

test('discounts show their category, whether they run, are to come or have ended, their views and clicks', async ({
  page,
  context,
}) => {
  const tag = uniqueTag();
  const category = await seedDiscountCategory(`Mode ${tag}`);
  const [running] = await seedDiscounts([`Aaa en cours ${tag}`], {
    start: '2020-01-01',
    end: '2099-12-31',
    categoryId: category,
  });
  await seedDiscounts([`Aaa à venir ${tag}`], {
    start: '2099-01-01',
    end: '2099-12-31',
    categoryId: category,
  });
  await seedDiscounts([`Aaa terminé ${tag}`], {
    start: '2020-01-01',
    end: '2020-12-31',
    categoryId: category,
  });
  await withDatabase((db) =>
    db.updateTable('discounts').set({ views: 1234, clicks: 1 }).where('id', '=', running!.id).execute(),
  );
  await signIn(context, admin);
  await page.setViewportSize(PHONE);
  await page.goto(`/discounts?q=${encodeURIComponent(tag)}`);

  const runningCard = await discountCard(page, `Aaa en cours ${tag}`);
  await expect(runningCard).toContainText(`Mode ${tag}`);
  await expect(runningCard.getByText('En cours', { exact: true })).toBeVisible();
  await expect(runningCard).toContainText('1 234 vues · 1 clic');
  await expect(
    (await discountCard(page, `Aaa à venir ${tag}`)).getByText('À venir', { exact: true }),
  ).toBeVisible();
  const ended = await discountCard(page, `Aaa terminé ${tag}`);
  await expect(ended.getByText('Terminé', { exact: true })).toBeVisible();
  await expect(ended).toContainText('0 vue · 0 clic');

  const cards = page.getByRole('region', { name: 'Liste des discounts' }).getByRole('listitem');
  for (const height of await cardHeights(cards)) expect(height).toBeLessThan(260);
  await expectTouchTargets(cards);
});
