import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.ts';
import { decodeCursor } from '../../src/lib/keyset.ts';
import { findVideoPage } from '../../src/modules/videos/video-pages.repository.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { seedCreator, seedVideo } from '../public/seed.ts';

// A page of videos is read in two statements, its keys then its videos (ADR 052): the page is the
// keys', whatever happens to its videos in between.

let t: TestApp;
const ids = new Map<string, string>();

beforeAll(async () => {
  t = await buildTestApp();
  const creator = await seedCreator(t, { title: 'Le coin des quokkas' });
  for (const title of ['Quokka 1', 'Quokka 2', 'Quokka 3', 'Quokka 4', 'Quokka 5'])
    ids.set(title, await seedVideo(t, creator.id, title));
});
afterAll(async () => {
  await t.close();
});

/** A handle on the test database that runs `meanwhile` once, before it reads videos with their creators. */
function withChangeBeforeDetails(meanwhile: () => Promise<unknown>): Database {
  const db = t.db.withPlugin({
    transformQuery: ({ node }) => node,
    transformResult: ({ result }) => Promise.resolve(result),
  });
  const executor = db.getExecutor();
  const execute = executor.executeQuery.bind(executor);
  let changed = false;
  executor.executeQuery = async (query) => {
    if (!changed && query.sql.includes('join "creators"')) {
      changed = true;
      await meanwhile();
    }
    return execute(query);
  };
  return db;
}

const titlesOf = (page: Awaited<ReturnType<typeof findVideoPage>>) => page.items.map((row) => row.title);

describe('a page of videos read in two statements', () => {
  it('leaves out a video deleted in between, and the next page starts where this one ended', async () => {
    const db = withChangeBeforeDetails(() =>
      t.db.deleteFrom('videos').where('id', '=', ids.get('Quokka 2')!).execute(),
    );
    const page = await findVideoPage(db, { search: 'quokka' }, 2);
    expect(titlesOf(page)).toEqual(['Quokka 1']);
    expect(page.nextCursor).not.toBeNull();

    const next = await findVideoPage(t.db, { search: 'quokka', after: decodeCursor(page.nextCursor!, 2) }, 2);
    expect(titlesOf(next)).toEqual(['Quokka 3', 'Quokka 4']);
  });

  it('keeps a video renamed in between at its place, with its new title, and the next page where it was', async () => {
    const db = withChangeBeforeDetails(() =>
      t.db
        .updateTable('videos')
        .set({ title: 'Zèbre', title_lowercase: 'zèbre', title_search: 'zebre' })
        .where('id', '=', ids.get('Quokka 3')!)
        .execute(),
    );
    const page = await findVideoPage(db, { search: 'quokka' }, 2);
    expect(titlesOf(page)).toEqual(['Quokka 1', 'Zèbre']);

    const next = await findVideoPage(t.db, { search: 'quokka', after: decodeCursor(page.nextCursor!, 2) }, 2);
    expect(titlesOf(next)).toEqual(['Quokka 4', 'Quokka 5']);
    expect(next.nextCursor).toBeNull();
  });
});
