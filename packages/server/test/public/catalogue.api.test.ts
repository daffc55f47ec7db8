import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { publishPage } from '../factories.ts';
import { seedCategory, seedCreator, seedDiscount, seedVideo, setList } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://api.coulisses.fr' });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('public content API', () => {
  it('lists only the videos of published, active creators, everywhere', async () => {
    const live = await seedCreator(t);
    const unpublished = await seedCreator(t, { live: false });
    const suspended = await seedCreator(t, { active: false });
    const shown = await seedVideo(t, live.id, 'Visible partout');
    const hiddenDraft = await seedVideo(t, unpublished.id, 'Page pas publiée');
    const hiddenSuspended = await seedVideo(t, suspended.id, 'Créateur suspendu');
    await setList(t, 'featured_videos', [hiddenDraft, shown, hiddenSuspended]);
    await setList(t, 'latest_videos', [hiddenSuspended, shown, hiddenDraft]);

    const ids = (body: { items: { id: string }[] }) => body.items.map((item) => item.id);
    const all = (await get('/api/public/videos')).json();
    expect(ids(all)).toContain(shown);
    expect(ids(all)).not.toContain(hiddenDraft);
    expect(ids(all)).not.toContain(hiddenSuspended);
    expect(ids((await get('/api/public/featured-videos')).json())).toEqual([shown]);
    expect(ids((await get('/api/public/latest-videos')).json())).toEqual([shown]);
    expect((await get(`/api/public/videos/${shown}`)).statusCode).toBe(200);
    expect((await get(`/api/public/videos/${hiddenDraft}`)).statusCode).toBe(404);
    expect((await get(`/api/public/videos/${hiddenSuspended}`)).statusCode).toBe(404);
    expect((await get(`/api/public/creators/${unpublished.id}`)).statusCode).toBe(404);
    expect((await get(`/api/public/creators/${suspended.id}`)).statusCode).toBe(404);
    const creators = ids((await get('/api/public/creators')).json());
    expect(creators).toContain(live.id);
    expect(creators).not.toContain(unpublished.id);
    expect(creators).not.toContain(suspended.id);

    // Publishing is one row: every video of that creator appears at once.
    await publishPage(t, unpublished.id, true);
    expect(ids((await get('/api/public/videos')).json())).toContain(hiddenDraft);
  });

  it("uses the spec's field names and absolute image URLs", async () => {
    const creator = await seedCreator(t, { title: 'Chez Léa' });
    const category = await seedCategory(t, 'video', 'Cuisine');
    const video = await seedVideo(t, creator.id, 'Tarte Tatin', [category]);
    const body = (await get(`/api/public/videos/${video}`)).json();
    expect(body).toEqual({
      id: video,
      title: 'Tarte Tatin',
      title_lowercase: 'tarte tatin',
      video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      hor_img_url: `https://api.coulisses.fr/files/videos/${creator.id}/h-${video}.jpg`,
      ver_img_url: `https://api.coulisses.fr/files/videos/${creator.id}/v-${video}.jpg`,
      categories: [category],
      creatorId: creator.id,
      is_active: true,
      comment_count: 0,
    });
    const page = (await get(`/api/public/creators/${creator.id}`)).json();
    expect(page).toMatchObject({ id: creator.id, title: 'Chez Léa', email: null });
    expect(page.hor_img_url).toMatch(/^https:\/\/api\.coulisses\.fr\/files\/creators\//);
  });

  it('shows the e-mail only when the creator chose to', async () => {
    const creator = await seedCreator(t);
    await t.db.updateTable('creators').set({ email_visible: 1 }).where('id', '=', creator.id).execute();
    expect((await get(`/api/public/creators/${creator.id}`)).json().email).toBe(creator.email);
  });

  it('filters videos by category and by creator, and pages them by 50', async () => {
    const creator = await seedCreator(t);
    const other = await seedCreator(t);
    const sport = await seedCategory(t, 'video', 'Sport');
    for (let i = 0; i < 60; i += 1) {
      await seedVideo(t, creator.id, `Séance ${String(i).padStart(2, '0')}`, i % 2 === 0 ? [sport] : []);
    }
    await seedVideo(t, other.id, 'Autre séance', [sport]);

    const first = (await get(`/api/public/videos?creator=${creator.id}`)).json();
    expect(first.items).toHaveLength(50);
    expect(first.items[0].title).toBe('Séance 00');
    const second = (await get(`/api/public/videos?creator=${creator.id}&after=${first.nextCursor}`)).json();
    expect(second.items.map((v: { title: string }) => v.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Séance ${50 + i}`),
    );
    expect(second.nextCursor).toBeNull();

    const sportOnly = (await get(`/api/public/videos?category=${sport}`)).json();
    expect(sportOnly.items).toHaveLength(31);
    expect(sportOnly.items.every((v: { categories: string[] }) => v.categories.includes(sport))).toBe(true);
    const both = (await get(`/api/public/videos?category=${sport}&creator=${creator.id}`)).json();
    expect(both.items).toHaveLength(30);
  });

  it("pages a category's videos in title order, and follows a video renamed or filed again", async () => {
    const creator = await seedCreator(t);
    const cuisine = await seedCategory(t, 'video', 'Cuisine du marché');
    const titles = Array.from({ length: 55 }, (_, i) => `Recette ${String(i).padStart(2, '0')}`);
    const ids: string[] = [];
    for (const title of titles) ids.push(await seedVideo(t, creator.id, title, [cuisine]));
    await seedVideo(t, creator.id, 'Aïoli hors catégorie');
    const pageTitles = async () => {
      const first = (await get(`/api/public/videos?category=${cuisine}`)).json();
      const second = (await get(`/api/public/videos?category=${cuisine}&after=${first.nextCursor}`)).json();
      expect(second.nextCursor).toBeNull();
      return [...first.items, ...second.items].map((video: { title: string }) => video.title);
    };
    expect(await pageTitles()).toEqual(titles);

    await t.db
      .updateTable('videos')
      .set({ title: 'Zeste final', title_lowercase: 'zeste final', title_search: 'zeste final' })
      .where('id', '=', ids[3]!)
      .execute();
    const late = await seedVideo(t, creator.id, 'Bouillon', []);
    await t.db.insertInto('video_category_links').values({ video_id: late, category_id: cuisine }).execute();
    expect(await pageTitles()).toEqual(['Bouillon', ...titles.filter((_, i) => i !== 3), 'Zeste final']);
  });

  it('keeps the featured order and gives the latest newest first', async () => {
    const creator = await seedCreator(t);
    const [a, b, c] = [
      await seedVideo(t, creator.id, 'A'),
      await seedVideo(t, creator.id, 'B'),
      await seedVideo(t, creator.id, 'C'),
    ];
    await setList(t, 'featured_videos', [c, a, b]);
    await setList(t, 'latest_videos', [a, b, c]);
    const titles = (body: { items: { title: string }[] }) => body.items.map((v) => v.title);
    expect(titles((await get('/api/public/featured-videos')).json())).toEqual(['C', 'A', 'B']);
    expect(titles((await get('/api/public/latest-videos')).json())).toEqual(['C', 'B', 'A']);
  });

  it('lists only the discounts running now, by category', async () => {
    const mode = await seedCategory(t, 'discount', 'Mode');
    const running = await seedDiscount(t, 'En cours', { startInDays: -1, endInDays: 5 }, [mode]);
    const other = await seedDiscount(t, 'Autre en cours', { startInDays: -3, endInDays: 1 });
    const expired = await seedDiscount(t, 'Expirée', { startInDays: -10, endInDays: -1 }, [mode]);
    const future = await seedDiscount(t, 'À venir', { startInDays: 2, endInDays: 9 }, [mode]);
    const ids = (await get('/api/public/discounts')).json().items.map((d: { id: string }) => d.id);
    expect(ids).toEqual(expect.arrayContaining([running, other]));
    expect(ids).not.toContain(expired);
    expect(ids).not.toContain(future);
    const inMode = (await get(`/api/public/discounts?category=${mode}`)).json();
    expect(inMode.items.map((d: { id: string }) => d.id)).toEqual([running]);
    expect(inMode.items[0]).toMatchObject({ code: 'COULISSES10', categories: [mode] });
    expect(inMode.items[0].image_url).toMatch(
      /^https:\/\/api\.coulisses\.fr\/files\/discount_images\/.+\.jpg$/,
    );
  });

  it('lists both kinds of categories by name', async () => {
    await seedCategory(t, 'video', 'Zumba');
    await seedCategory(t, 'video', 'Aquarelle');
    const names = (await get('/api/public/video-categories'))
      .json()
      .items.map((c: { name: string }) => c.name);
    expect(names.indexOf('Aquarelle')).toBeLessThan(names.indexOf('Zumba'));
    expect((await get('/api/public/discount-categories')).statusCode).toBe(200);
  });

  it('answers with an ETag and a short public max-age, and 304 when nothing changed', async () => {
    const first = await get('/api/public/video-categories');
    expect(first.headers['cache-control']).toBe('public, max-age=30');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await get('/api/public/video-categories', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await seedCategory(t, 'video', 'Nouvelle');
    const changed = await get('/api/public/video-categories', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('refuses a bad cursor or an unknown filter with 400', async () => {
    expect((await get('/api/public/videos?after=nimportequoi')).statusCode).toBe(400);
    expect((await get('/api/public/videos?genre=x')).statusCode).toBe(400);
  });
});
