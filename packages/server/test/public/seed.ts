import { searchKey } from '@coulisses/domain/rules/text-search';
import { newId } from '../../src/lib/ids.ts';
import type { TestApp } from '../build-test-app.ts';
import { makeUser, publishPage } from '../factories.ts';

/** Rows straight in the database, so the public API is tested apart from the back-office forms. */
export async function seedCreator(
  t: TestApp,
  page: { live?: boolean; active?: boolean; title?: string } = {},
) {
  const user = await makeUser(t);
  await t.db
    .updateTable('creators')
    .set({
      title: page.title ?? `Page de ${user.email}`,
      is_active: page.active === false ? 0 : 1,
      hor_img_url: `creators/${user.id}/h.jpg`,
    })
    .where('id', '=', user.id)
    .execute();
  await publishPage(t, user.id, page.live ?? true);
  return user;
}

export async function seedVideo(t: TestApp, creatorId: string, title: string, categoryIds: string[] = []) {
  const id = newId();
  await t.db
    .insertInto('videos')
    .values({
      id,
      title,
      title_lowercase: title.toLowerCase(),
      title_search: searchKey(title),
      hor_img_url: `videos/${creatorId}/h-${id}.jpg`,
      ver_img_url: `videos/${creatorId}/v-${id}.jpg`,
      video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      creator_id: creatorId,
      created_at: Date.now(),
    })
    .execute();
  for (const categoryId of categoryIds) {
    await t.db.insertInto('video_category_links').values({ video_id: id, category_id: categoryId }).execute();
  }
  return id;
}

export async function seedCategory(t: TestApp, kind: 'video' | 'discount', name: string) {
  const id = newId();
  await t.db
    .insertInto(kind === 'video' ? 'video_categories' : 'discount_categories')
    .values({ id, name, name_key: searchKey(name), created_at: Date.now() })
    .execute();
  return id;
}

const DAY = 24 * 60 * 60 * 1000;

export async function seedDiscount(
  t: TestApp,
  title: string,
  window: { startInDays: number; endInDays: number },
  categoryIds: string[] = [],
) {
  const id = newId();
  await t.db
    .insertInto('discounts')
    .values({
      id,
      title,
      title_lowercase: title.toLowerCase(),
      title_search: searchKey(title),
      link: 'https://boutique.exemple.fr',
      code: 'COULISSES10',
      start_date: Date.now() + window.startInDays * DAY,
      end_date: Date.now() + window.endInDays * DAY,
      image_url: `discount_images/${id}.jpg`,
      created_at: Date.now(),
    })
    .execute();
  for (const categoryId of categoryIds) {
    await t.db
      .insertInto('discount_category_links')
      .values({ discount_id: id, category_id: categoryId })
      .execute();
  }
  return id;
}

export async function setList(t: TestApp, list: 'featured_videos' | 'latest_videos', videoIds: string[]) {
  await t.db.deleteFrom(list).execute();
  for (const [position, videoId] of videoIds.entries()) {
    await t.db.insertInto(list).values({ video_id: videoId, position }).execute();
  }
}
