import { afterAll, beforeAll, expect, it } from 'vitest';
import { listAllComments } from '../../src/modules/comments/comments.service.ts';
import {
  commentTextSearch,
  listModeratedComments,
} from '../../src/modules/comments/moderated-comments.repository.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeSignedIn, publishPage, type SignedIn } from '../factories.ts';
import { seedVideo } from '../public/seed.ts';
import { makeMember, seedComment, type Member } from './comment-fixtures.ts';

// A comment search may hold SQLite for tens of milliseconds on a million comments, so it reads on
// a thread of its own connection, not the event loop's (docs/decisions/055-comment-searches-off-the-loop.md).
// That connection neither waits for a write another request holds open nor sees its rows, as a
// PostgreSQL pool's other connection does: a search answered during such a write was read there.

let t: TestApp;
let creator: SignedIn;
let zoe: Member;
let video: string;

beforeAll(async () => {
  t = await buildTestApp();
  creator = await makeSignedIn(t);
  await publishPage(t, creator.id);
  zoe = await makeMember(t, 'Zoé');
  video = await seedVideo(t, creator.id, 'Tartiflette');
  for (const text of ['Reblochon fondant, merci', 'Beaufort d’alpage, merci'])
    await seedComment(t, video, zoe.id, { text, createdAt: Date.now() - 60_000 });
});
afterAll(async () => {
  await t.close();
});

/** What `search` answers while `text` is written in a transaction still open, then once it is committed. */
async function duringAndAfterAWrite(text: string, search: () => Promise<string[]>) {
  let during: string[] | 'waited for the write' = 'waited for the write';
  await t.db.transaction().execute(async (trx) => {
    await seedComment({ ...t, db: trx }, video, zoe.id, { text });
    let timer: NodeJS.Timeout | undefined;
    const answered = await Promise.race([
      search(),
      new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), 5_000))),
    ]);
    clearTimeout(timer);
    if (answered) during = answered;
  });
  return { during, after: await search() };
}

it('the superadmin’s search of the comments answers during another request’s write, without its comment', async () => {
  const texts = async () =>
    (await listAllComments(t, { q: 'reblochon' })).items.map((comment) => comment.text);
  expect(await duringAndAfterAWrite('Reblochon pas encore', texts)).toEqual({
    during: ['Reblochon fondant, merci'],
    after: ['Reblochon pas encore', 'Reblochon fondant, merci'],
  });
});

it('a creator’s search of their comments, walked in their list, answers during another request’s write', async () => {
  const texts = async () =>
    (
      await listModeratedComments(
        t.db,
        { creatorId: creator.id, search: await commentTextSearch(t.db, 'beaufort', 4) },
        51,
      )
    ).map((row) => row.text);
  expect(await duringAndAfterAWrite('Beaufort pas encore', texts)).toEqual({
    during: ['Beaufort d’alpage, merci'],
    after: ['Beaufort pas encore', 'Beaufort d’alpage, merci'],
  });
});
