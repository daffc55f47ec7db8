import { searchKey } from '@coulisses/domain/rules/text-search';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.ts';
import { listAllComments } from '../../src/modules/comments/comments.service.ts';
import { WALK_SLICE } from '../../src/modules/comments/moderated-comments.repository.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeSignedIn, publishPage } from '../factories.ts';
import { seedVideo } from '../public/seed.ts';
import { testDatabaseUrl } from '../test-database.ts';
import { makeMember } from './comment-fixtures.ts';

// A term of two characters has no trigram to ask an index for: SQLite walks the comments newest
// first, a slice of WALK_SLICE at a time, each its own trip to the answers' thread, so that the pages
// written there meanwhile do not wait for the whole walk (moderated-comments.repository.ts,
// walkedPageIds). These comments span three slices.

/** Rows per insert, within both databases' bound on a statement's values. */
const BATCH = 2000;
const COMMENTS = 2 * WALK_SLICE + 500;
/**
 * Where the comments holding « zq » stand, counted from the newest: thirty each side of the first
 * slice's end, so that a page of fifty spans it and the next starts within the second slice, then
 * the oldest.
 */
const ZQ_FROM_NEWEST = [...Array.from({ length: 60 }, (_, index) => WALK_SLICE - 30 + index), COMMENTS - 1];

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  const creator = await makeSignedIn(t);
  await publishPage(t, creator.id);
  const zoe = await makeMember(t, 'Zoé');
  const video = await seedVideo(t, creator.id, 'Tartiflette');
  const newest = Date.now() - 60_000;
  for (let start = 0; start < COMMENTS; start += BATCH) {
    await t.db
      .insertInto('comments')
      .values(
        Array.from({ length: Math.min(BATCH, COMMENTS - start) }, (_, offset) => {
          const fromNewest = start + offset;
          const text = ZQ_FROM_NEWEST.includes(fromNewest)
            ? `Bravo, zq n°${fromNewest}`
            : `Bravo n°${fromNewest}`;
          return {
            id: newId(),
            video_id: video,
            creator_id: creator.id,
            author_id: zoe.id,
            text,
            text_search: searchKey(text),
            created_at: newest - fromNewest,
            hidden: 0,
          };
        }),
      )
      .execute();
  }
}, 120_000);
afterAll(async () => {
  await t.close();
});

const texts = async (q: string) => (await listAllComments(t, { q })).items.map((comment) => comment.text);

/** The texts of every page the superadmin's search for `q` answers, following the cursors. */
async function everyPage(q: string): Promise<string[][]> {
  const pages: string[][] = [];
  let after: string | undefined;
  do {
    const page = await listAllComments(t, { q, after });
    pages.push(page.items.map((comment) => comment.text));
    after = page.nextCursor ?? undefined;
  } while (after);
  return pages;
}

it('finds a two-character term wherever it stands in the walk, each comment once, newest first', async () => {
  const zq = ZQ_FROM_NEWEST.map((fromNewest) => `Bravo, zq n°${fromNewest}`);
  expect(await everyPage('zq')).toEqual([zq.slice(0, 50), zq.slice(50)]);
  expect(await texts('qx')).toEqual([]);
  const common = await listAllComments(t, { q: 'br' });
  expect(common.items.map((comment) => comment.text)).toEqual(
    Array.from({ length: 50 }, (_, fromNewest) => `Bravo n°${fromNewest}`),
  );
});

it.skipIf(testDatabaseUrl())(
  'a search that walks every comment leaves the answers’ thread to a search started with it',
  async () => {
    const answered: string[] = [];
    await Promise.all([
      texts('qx').then(() => answered.push('qx, none of them')),
      texts('br').then(() => answered.push('br, the newest')),
    ]);
    expect(answered).toEqual(['br, the newest', 'qx, none of them']);
  },
);
