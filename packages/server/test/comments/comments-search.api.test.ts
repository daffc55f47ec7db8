import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchKey } from '@coulisses/domain/rules/text-search';
import type { Comment } from '@coulisses/domain/schemas/comments';
import { newId } from '../../src/lib/ids.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeSignedIn, publishPage, type SignedIn } from '../factories.ts';
import { seedVideo } from '../public/seed.ts';
import { makeMember } from './comment-fixtures.ts';

// A search in a list longer than its newest comments walked first on PostgreSQL
// (moderated-comments.repository.ts): the page comes from the walk when the newest comments hold
// the word, else from the index, and either way it is the same page SQLite answers.

const LISTED = 2_100;
const OLD_MATCHES = 60;

let t: TestApp;
let creator: SignedIn;
let video: string;
let oldest: string[];
let newest: string[];

beforeAll(async () => {
  t = await buildTestApp();
  creator = await makeSignedIn(t);
  await publishPage(t, creator.id);
  const author = await makeMember(t, 'Zoé');
  video = await seedVideo(t, creator.id, 'Tartiflette');
  const start = Date.now() - 10_000_000;
  const rows = Array.from({ length: LISTED }, (_, i) => {
    // The word of the past sits in the oldest comments only, beyond the newest 2,000.
    const text = i < OLD_MATCHES ? `Reblochon n°${i}, merci` : `Merci pour la recette n°${i}`;
    return {
      id: newId(),
      video_id: video,
      creator_id: creator.id,
      author_id: author.id,
      text,
      text_search: searchKey(text),
      created_at: start + i * 1000,
    };
  });
  for (let from = 0; from < rows.length; from += 500) {
    await t.db
      .insertInto('comments')
      .values(rows.slice(from, from + 500))
      .execute();
  }
  const idsNewestFirst = rows.map((row) => row.id).reverse();
  oldest = idsNewestFirst.slice(-OLD_MATCHES);
  newest = idsNewestFirst;
});
afterAll(async () => {
  await t.close();
});

async function everyPage(url: string): Promise<string[]> {
  const found: string[] = [];
  let after: string | null = null;
  do {
    const response = await t.app.inject({
      url: `${url}${after ? `&after=${after}` : ''}`,
      headers: { cookie: creator.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    const page: { items: Comment[]; nextCursor: string | null } = response.json();
    found.push(...page.items.map((item) => item.id));
    after = page.nextCursor;
  } while (after);
  return found;
}

describe("a search in a creator's or a video's long list", () => {
  it('finds a word only the oldest comments hold, page after page, newest first', async () => {
    expect(await everyPage('/api/comments/mine?q=reblochon')).toEqual(oldest);
    expect(await everyPage(`/api/comments/mine?video=${video}&q=REBLOCHON`)).toEqual(oldest);
  });

  it('pages through a word every comment holds in the order of the list', async () => {
    expect(await everyPage('/api/comments/mine?q=merci')).toEqual(newest);
    expect(await everyPage(`/api/comments/mine?video=${video}&q=merci`)).toEqual(newest);
  });

  it('answers an empty list for a word no comment holds', async () => {
    expect(await everyPage('/api/comments/mine?q=raclette')).toEqual([]);
  });
});
