import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@coulisses/domain/messages';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeSignedIn, type SignedIn } from '../factories.ts';
import { addVideo, makeLiveCreator, makeVideoCategory, seedVideos } from './video-fixtures.ts';

let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
let admin: SignedIn;

interface ListedVideo {
  id: string;
  title: string;
  creatorId: string;
  hor_img_url: string;
  created_at: number;
  is_active: boolean;
  featured?: boolean;
  creator?: { id: string; title: string; email: string };
}
interface VideoPage {
  items: ListedVideo[];
  nextCursor: string | null;
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await makeLiveCreator(t);
  other = await makeLiveCreator(t);
  admin = await makeSignedIn(t, { superadmin: true });
});
afterAll(async () => {
  await t.close();
});

function get(url: string, user?: SignedIn) {
  return t.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });
}

/** Follows 'Charger plus' to the end; answers every page. */
async function allPages(url: string, user: SignedIn): Promise<VideoPage[]> {
  const pages: VideoPage[] = [];
  let after: string | null = null;
  do {
    const response = await get(after ? `${url}${url.includes('?') ? '&' : '?'}after=${after}` : url, user);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<VideoPage>();
    pages.push(page);
    after = page.nextCursor;
  } while (after);
  return pages;
}

describe('my videos', () => {
  it('pages the creator’s own videos 50 at a time, by lowercase title, and nobody else’s', async () => {
    const titles = Array.from({ length: 120 }, (_, i) => `Vidéo ${String(i).padStart(3, '0')}`);
    titles.push('alpha minuscule', 'Zèbre', 'zoo');
    await seedVideos(t, owner.id, titles);
    await seedVideos(t, other.id, ['Pas à moi']);

    const pages = await allPages('/api/videos/mine', owner);
    expect(pages.map((p) => p.items.length)).toEqual([50, 50, 23]);
    expect(pages.at(-1)?.nextCursor).toBeNull();
    const listed = pages.flatMap((p) => p.items);
    expect(new Set(listed.map((v) => v.id)).size).toBe(123);
    expect(listed.every((v) => v.creatorId === owner.id)).toBe(true);
    const order = listed.map((v) => v.title.toLowerCase());
    expect(order).toEqual([...order].sort());
    expect(listed[0]?.title).toBe('alpha minuscule');
    // Ordered like the original's title_lowercase: by code point, so 'zè' comes after 'zo'.
    expect(listed.slice(-2).map((v) => v.title)).toEqual(['zoo', 'Zèbre']);
  });

  it('answers a page of exactly 50 with nothing more when that is all', async () => {
    const creator = await makeLiveCreator(t);
    await seedVideos(
      t,
      creator.id,
      Array.from({ length: 50 }, (_, i) => `Titre ${i}`),
    );
    const pages = await allPages('/api/videos/mine', creator);
    expect(pages.map((p) => p.items.length)).toEqual([50]);
  });

  it('searches every one of the creator’s titles on the server, ignoring case and accents', async () => {
    const creator = await makeLiveCreator(t);
    const filler = Array.from({ length: 80 }, (_, i) => `Aaa ${i}`);
    await seedVideos(t, creator.id, [...filler, 'Recette de CRÈME brûlée', 'Une creme anglaise', 'Zz crème']);
    await seedVideos(t, other.id, ['Crème de l’autre']);
    const found = (await allPages('/api/videos/mine?q=%20creme%20', creator)).flatMap((p) => p.items);
    expect(found.map((v) => v.title).sort()).toEqual([
      'Recette de CRÈME brûlée',
      'Une creme anglaise',
      'Zz crème',
    ]);
    const percent = (await allPages('/api/videos/mine?q=50%25', creator)).flatMap((p) => p.items);
    expect(percent).toEqual([]);
  });

  it('pages search results too', async () => {
    const creator = await makeLiveCreator(t);
    await seedVideos(
      t,
      creator.id,
      Array.from({ length: 60 }, (_, i) => `Cherché ${String(i).padStart(2, '0')}`),
    );
    await seedVideos(t, creator.id, ['Autre chose']);
    const pages = await allPages('/api/videos/mine?q=CHERCHE', creator);
    expect(pages.map((p) => p.items.length)).toEqual([50, 10]);
  });

  it('answers image URLs, never storage keys', async () => {
    const creator = await makeLiveCreator(t);
    await seedVideos(t, creator.id, ['Image']);
    const [video] = (await get('/api/videos/mine', creator)).json<VideoPage>().items;
    expect(video?.hor_img_url).toMatch(/^\/files\/videos\//);
  });

  it('tells when each video was added, and whether the app shows it', async () => {
    const creator = await makeLiveCreator(t);
    const category = await makeVideoCategory(t);
    const before = Date.now();
    await addVideo(t, creator, category, 'Datée');
    const [video] = (await get('/api/videos/mine', creator)).json<VideoPage>().items;
    expect(video?.created_at).toBeGreaterThanOrEqual(before);
    expect(video?.created_at).toBeLessThanOrEqual(Date.now());
    expect(video?.is_active).toBe(true);
  });

  it('refuses a broken cursor and anonymous callers', async () => {
    expect((await get('/api/videos/mine?after=nimportequoi', owner)).statusCode).toBe(400);
    expect((await get('/api/videos/mine')).statusCode).toBe(401);
  });
});

describe('all videos', () => {
  it('lists everyone’s videos for the superadmin, with creator and featured state', async () => {
    const category = await makeVideoCategory(t);
    const id = await addVideo(t, other, category, 'Toute première');
    const featured = await t.app.inject({
      method: 'POST',
      url: `/api/videos/${id}/featured`,
      headers: { cookie: admin.cookie },
    });
    expect(featured.json()).toEqual({ featured: true });

    const all = (await allPages('/api/videos', admin)).flatMap((p) => p.items);
    const mine = all.find((v) => v.id === id);
    expect(mine).toMatchObject({ featured: true, creator: { id: other.id, email: other.email } });
    expect(all.some((v) => v.creatorId === owner.id)).toBe(true);
    expect(all.filter((v) => v.id !== id).every((v) => v.featured === false)).toBe(true);
  });

  it('searches all videos on the server', async () => {
    const found = (await allPages('/api/videos?q=toute%20PREMIERE', admin)).flatMap((p) => p.items);
    expect(found.map((v) => v.title)).toEqual(['Toute première']);
  });

  it('is the superadmin’s alone', async () => {
    expect((await get('/api/videos')).statusCode).toBe(401);
    for (const user of [owner, other]) {
      const response = await get('/api/videos', user);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe(MESSAGES.noAccess);
    }
  });
});
