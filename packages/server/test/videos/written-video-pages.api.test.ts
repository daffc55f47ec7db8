import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '@coulisses/domain/constants/limits';
import type { Page } from '@coulisses/domain/schemas/common';
import type { AdminVideo, Video } from '@coulisses/domain/schemas/videos';
import {
  findVideoPage,
  type VideoPageFilter,
  type VideoRow,
} from '../../src/modules/videos/video-pages.repository.ts';
import { toAdminVideo, toVideo } from '../../src/modules/videos/videos.service.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeSignedIn, signIn, type SignedIn } from '../factories.ts';
import { seedCategory, seedCreator, seedVideo, setList } from '../public/seed.ts';

// On SQLite a page of videos is written by SQLite itself (docs/decisions/050-video-pages-written-by-sqlite.md),
// where PostgreSQL's is built from its rows by the service: both must say the same of every video.

let t: TestApp;
let superadmin: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  superadmin = await makeSignedIn(t, { superadmin: true });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, user: Pick<SignedIn, 'cookie'>) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });

/** A creator with a published page, signed in. */
async function signedInCreator(page: Parameters<typeof seedCreator>[1] = {}) {
  const creator = await seedCreator(t, page);
  return { ...creator, cookie: await signIn(t, creator.email) };
}

/** The page the service builds from findVideoPage's rows, as it does on PostgreSQL. */
async function builtPage<T>(filter: VideoPageFilter, toItem: (row: VideoRow) => T): Promise<Page<T>> {
  const { items, nextCursor } = await findVideoPage(t.db, filter, PAGE_SIZE);
  return { items: items.map(toItem), nextCursor };
}

/** A video seeded, then given images a plain seed does not have. */
async function seedOdd(
  creatorId: string,
  title: string,
  images: { hor_img_url?: string; ver_img_url?: string },
  categories: string[] = [],
) {
  const id = await seedVideo(t, creatorId, title, categories);
  if (Object.keys(images).length > 0)
    await t.db.updateTable('videos').set(images).where('id', '=', id).execute();
  return id;
}

describe('a page of videos', () => {
  it('shows each video as the service would, whatever its text, images, categories and creator', async () => {
    const [music, travel] = [
      await seedCategory(t, 'video', 'Musique'),
      await seedCategory(t, 'video', 'Voyage'),
    ];
    const live = await signedInCreator({ title: 'Léa « en scène » "live" \\ </script>' });
    const hidden = await seedCreator(t, { live: false });
    const suspended = await seedCreator(t, { active: false });
    const featured = await seedOdd(live.id, 'Bizarre « guillemets » "doubles" et \\ barre', {}, [
      music,
      travel,
    ]);
    await seedOdd(live.id, 'Bizarre 🎉 fête </script> & <b>', {}, [travel]);
    await seedOdd(live.id, 'Bizarre\ttabulé\u0001', {
      hor_img_url: 'https://firebasestorage.googleapis.com/v0/b/app/o/h.jpg?alt=media',
      ver_img_url: 'HTTP://ailleurs.exemple.fr/v.jpg',
    });
    await seedOdd(hidden.id, 'Bizarre page pas publiée', { hor_img_url: 'videos/pas une clé.jpg' });
    await seedOdd(suspended.id, 'Bizarre créateur suspendu', {}, [music]);
    await setList(t, 'featured_videos', [featured]);

    const answer = await get('/api/videos?q=bizarre', superadmin);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    const page = answer.json<Page<AdminVideo>>();
    expect(page.items).toHaveLength(5);
    expect(page).toEqual(await builtPage({ search: 'bizarre' }, (row) => toAdminVideo(t.storage, row)));
    // In title order (binary, as the title index): the tab, « créateur », « page », then « and 🎉.
    expect(page.items.map((video) => [video.featured, video.is_active])).toEqual([
      [false, true],
      [false, false],
      [false, false],
      [true, true],
      [false, true],
    ]);

    const mine = (await get('/api/videos/mine?q=bizarre', live)).json();
    expect(mine).toEqual(
      await builtPage({ search: 'bizarre', creatorId: live.id }, (row) => toVideo(t.storage, row)),
    );
    expect(mine.items).toHaveLength(3);
  });

  it('goes page by page in title order, its cursor the one the service gives', async () => {
    const creator = await signedInCreator();
    const count = PAGE_SIZE * 2 + 3;
    // Added in an order of their own, so that the pages' order is the titles' alone.
    const titles = Array.from(
      { length: count },
      (_, i) => `Épisode ${String((i * 37) % count).padStart(3, '0')}`,
    );
    for (const title of titles) await seedVideo(t, creator.id, title);

    const read: string[] = [];
    let after: string | undefined;
    do {
      const answer = await get(`/api/videos/mine${after ? `?after=${after}` : ''}`, creator);
      const page = answer.json<Page<Video>>();
      const filter = {
        creatorId: creator.id,
        after: after && JSON.parse(Buffer.from(after, 'base64url').toString()),
      };
      expect(page).toEqual(await builtPage(filter, (row) => toVideo(t.storage, row)));
      read.push(...page.items.map((video) => video.title));
      after = page.nextCursor ?? undefined;
    } while (after);
    expect(read).toEqual([...titles].sort());

    expect((await get('/api/videos?q=introuvable', superadmin)).json()).toEqual({
      items: [],
      nextCursor: null,
    });
  });
});
