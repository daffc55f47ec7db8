import { expect, test, type Page } from '@playwright/test';
import { FEATURED_VIDEOS_MAX } from '@coulisses/domain/constants/limits';
import { MESSAGES } from '@coulisses/domain/messages';
import { quoted } from '@coulisses/domain/rules/quoted';
import { admin, signIn } from '../../support/fixtures.ts';
import { expectNoHorizontalScroll, PHONE } from '../../support/foundation.ts';
import { withDatabase } from '../../support/server-state.ts';
import {
  answerThumbnails,
  expectAlert,
  isFeatured,
  makeCreator,
  searchVideos,
  seedVideos,
  signInCreator,
  uniqueTag,
  videoCards,
  type SeededVideo,
} from '../../support/videos.ts';

// Every test that changes the featured list is in this file: one worker runs them one after the
// other, so no other file's test rewrites the list under them.

/** Makes the featured list exactly these videos, front first. */
async function featureInOrder(videos: readonly SeededVideo[]) {
  await withDatabase(async (db) => {
    await db.deleteFrom('featured_videos').execute();
    if (videos.length === 0) return;
    await db
      .insertInto('featured_videos')
      .values(videos.map((video, position) => ({ video_id: video.id, position })))
      .execute();
  });
}

async function storedOrder(): Promise<string[]> {
  const rows = await withDatabase((db) =>
    db.selectFrom('featured_videos').select('video_id').orderBy('position').execute(),
  );
  return rows.map((row) => row.video_id);
}

const featuredTitles = (page: Page) =>
  page.getByRole('list', { name: 'Vidéos à la une, dans l’ordre de l’app' }).getByRole('heading');

async function seedFeatured(count: number): Promise<{ tag: string; videos: SeededVideo[] }> {
  const tag = uniqueTag();
  const creator = await makeCreator({ live: true });
  const videos = await seedVideos(
    creator.id,
    Array.from({ length: count }, (_, i) => `Une ${String.fromCharCode(65 + i)} ${tag}`),
  );
  await featureInOrder(videos);
  return { tag, videos };
}

test('a creator is refused À la une, and has no link to it', async ({ page, context }) => {
  const creator = await makeCreator({ live: true });
  await signInCreator(context, creator);
  await page.goto('/featured');
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.noAccess);
  await page.getByRole('navigation').getByRole('button', { name: 'Vidéos' }).click();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'À la une' })).toHaveCount(0);
});

test.describe('as the superadmin', () => {
  test.afterAll(async () => featureInOrder([]));

  test.beforeEach(async ({ page, context }) => {
    await answerThumbnails(page, 'picture');
    await signIn(context, admin);
  });

  test('À la une shows the list in the app’s order and how full it is, from the Vidéos menu', async ({
    page,
  }) => {
    const { tag } = await seedFeatured(3);
    await page.goto('/dashboard');
    await page.getByRole('navigation').getByRole('button', { name: 'Vidéos' }).click();
    await page.getByRole('navigation').getByRole('link', { name: 'À la une' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'À la une' })).toBeVisible();
    await expect(page.getByText(`3 / ${FEATURED_VIDEOS_MAX}`)).toBeVisible();
    await expect(featuredTitles(page)).toHaveText([
      `Place 1 : Une A ${tag}`,
      `Place 2 : Une B ${tag}`,
      `Place 3 : Une C ${tag}`,
    ]);
    await expect(page.getByRole('button', { name: `Monter ${quoted(`Une A ${tag}`)}` })).toBeDisabled();
    await expect(page.getByRole('button', { name: `Descendre ${quoted(`Une C ${tag}`)}` })).toBeDisabled();
  });

  test('the keyboard moves a video up and down; the focus stays on it and the app gets the order', async ({
    page,
  }) => {
    const { tag, videos } = await seedFeatured(3);
    await page.goto('/featured');
    const up = page.getByRole('button', { name: `Monter ${quoted(`Une C ${tag}`)}` });
    await up.focus();
    await page.keyboard.press('Enter');
    await expect(featuredTitles(page)).toHaveText([
      `Place 1 : Une A ${tag}`,
      `Place 2 : Une C ${tag}`,
      `Place 3 : Une B ${tag}`,
    ]);
    await expect(page.getByRole('status')).toHaveText(
      `${quoted(`Une C ${tag}`)} est maintenant en place 2 sur 3.`,
    );
    await expect(up).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(featuredTitles(page).first()).toHaveText(`Place 1 : Une C ${tag}`);
    // At the top, 'Monter' is disabled: the focus goes to 'Descendre' of the same video.
    await expect(page.getByRole('button', { name: `Descendre ${quoted(`Une C ${tag}`)}` })).toBeFocused();
    await expect.poll(storedOrder).toEqual([videos[2]!.id, videos[0]!.id, videos[1]!.id]);
    const app = await page.request.get('/api/public/featured-videos');
    expect(((await app.json()) as { items: { id: string }[] }).items.map((item) => item.id)).toEqual([
      videos[2]!.id,
      videos[0]!.id,
      videos[1]!.id,
    ]);
  });

  test('a video dragged onto another takes its place', async ({ page }) => {
    const { tag, videos } = await seedFeatured(4);
    await page.goto('/featured');
    const rows = page
      .getByRole('list', { name: 'Vidéos à la une, dans l’ordre de l’app' })
      .getByRole('listitem');
    await rows.nth(3).dragTo(rows.nth(0));
    await expect(featuredTitles(page)).toHaveText([
      `Place 1 : Une D ${tag}`,
      `Place 2 : Une A ${tag}`,
      `Place 3 : Une B ${tag}`,
      `Place 4 : Une C ${tag}`,
    ]);
    await expect.poll(storedOrder).toEqual([videos[3]!.id, videos[0]!.id, videos[1]!.id, videos[2]!.id]);
  });

  test('Retirer takes a video out; an empty list says where to choose videos', async ({ page }) => {
    const { tag, videos } = await seedFeatured(2);
    await page.goto('/featured');
    await page.getByRole('button', { name: `Retirer ${quoted(`Une A ${tag}`)} de la une` }).click();
    await expectAlert(page, MESSAGES.featuredRemoved);
    await expect(featuredTitles(page)).toHaveText([`Place 1 : Une B ${tag}`]);
    await expect(page.getByText(`1 / ${FEATURED_VIDEOS_MAX}`)).toBeVisible();
    expect(await isFeatured(videos[0]!.id)).toBe(false);
    await page.getByRole('button', { name: `Retirer ${quoted(`Une B ${tag}`)} de la une` }).click();
    await expectAlert(page, MESSAGES.featuredRemoved);
    await expect(page.getByText('Aucune vidéo à la une pour l’instant.')).toBeVisible();
    await page.getByRole('link', { name: 'Choisir dans Toutes les vidéos' }).click();
    await expect(page).toHaveURL(/\/allvideos$/);
  });

  test('a video taken out meanwhile cannot be moved: the alert says so and the list is the server’s', async ({
    page,
  }) => {
    const { tag, videos } = await seedFeatured(3);
    await page.goto('/featured');
    await expect(featuredTitles(page)).toHaveCount(3);
    await featureInOrder([videos[0]!, videos[1]!]);
    await page.getByRole('button', { name: `Monter ${quoted(`Une C ${tag}`)}` }).click();
    await expectAlert(page, MESSAGES.featuredGone);
    await expect(featuredTitles(page)).toHaveText([`Place 1 : Une A ${tag}`, `Place 2 : Une B ${tag}`]);
  });

  test('on a phone, each row fits the screen and its buttons are 44 px', async ({ page }) => {
    await page.setViewportSize(PHONE);
    const { tag } = await seedFeatured(3);
    await page.goto('/featured');
    await expect(featuredTitles(page)).toHaveCount(3);
    await expectNoHorizontalScroll(page);
    for (const name of [
      `Descendre ${quoted(`Une A ${tag}`)}`,
      `Retirer ${quoted(`Une A ${tag}`)} de la une`,
    ]) {
      const box = await page.getByRole('button', { name }).boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(44);
      expect(box?.width).toBeGreaterThanOrEqual(44);
    }
  });

  test('features and unfeatures a video, showing its state', async ({ page }) => {
    const tag = uniqueTag();
    const creator = await makeCreator({ live: true });
    const [video] = await seedVideos(creator.id, [`En une ${tag}`]);
    await page.goto('/allvideos');
    await searchVideos(page, `En une ${tag}`);
    const card = videoCards(page, 'Toutes les vidéos').filter({ hasText: `En une ${tag}` });

    await card.getByRole('button', { name: `Mettre en avant : En une ${tag}` }).click();
    await expectAlert(page, MESSAGES.featuredAdded);
    await expect(card.getByText('En avant', { exact: true })).toBeVisible();
    expect(await isFeatured(video!.id)).toBe(true);

    await card.getByRole('button', { name: `Ne plus mettre en avant : En une ${tag}` }).click();
    await expectAlert(page, MESSAGES.featuredRemoved);
    await expect(card.getByText('En avant', { exact: true })).toHaveCount(0);
    await expect(card.getByRole('button', { name: `Mettre en avant : En une ${tag}` })).toBeVisible();
    expect(await isFeatured(video!.id)).toBe(false);
  });

  test('featuring an 11th names the video that will drop out, and asks first', async ({ page }) => {
    const tag = uniqueTag();
    const creator = await makeCreator({ live: true });
    const ten = await seedVideos(
      creator.id,
      Array.from({ length: 10 }, (_, i) => `Une ${i} ${tag}`),
    );
    const [candidate] = await seedVideos(creator.id, [`Onzième ${tag}`]);
    // Une 0 at the front, Une 9 the oldest, last in the list.
    await withDatabase(async (db) => {
      await db.deleteFrom('featured_videos').execute();
      await db
        .insertInto('featured_videos')
        .values(ten.map((video, position) => ({ video_id: video.id, position })))
        .execute();
    });
    await page.goto('/allvideos');
    await searchVideos(page, `Onzième ${tag}`);
    const toggle = page.getByRole('button', { name: `Mettre en avant : Onzième ${tag}` });

    await toggle.click();
    const question = page.getByRole('dialog', { name: `Mettre ${quoted(`Onzième ${tag}`)} en avant ?` });
    await expect(question).toContainText(quoted(`Une 9 ${tag}`));
    await expect(question).toContainText('en sortira');
    await question.getByRole('button', { name: 'Annuler' }).click();
    expect(await isFeatured(candidate!.id)).toBe(false);
    expect(await isFeatured(ten[9]!.id)).toBe(true);

    await toggle.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mettre en avant' }).click();
    await expectAlert(page, MESSAGES.featuredAdded);
    expect(await isFeatured(candidate!.id)).toBe(true);
    expect(await isFeatured(ten[9]!.id)).toBe(false);
    await withDatabase((db) => db.deleteFrom('featured_videos').execute());
  });
});
