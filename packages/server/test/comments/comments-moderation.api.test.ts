import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@coulisses/domain/messages';
import type { Comment } from '@coulisses/domain/schemas/comments';
import type { JournalEntry } from '@coulisses/domain/schemas/journal';
import { isPostgres } from '../../src/db/dialect.ts';
import { FEW_MATCHES, fewCandidateIds, SEARCH_INDEXES } from '../../src/db/search-index.ts';
import {
  commentTextSearch,
  listedCommentCount,
} from '../../src/modules/comments/moderated-comments.repository.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeSignedIn, type SignedIn } from '../factories.ts';
import { publishPage } from '../factories.ts';
import { seedVideo } from '../public/seed.ts';
import { makeMember, seedComment, type Member } from './comment-fixtures.ts';

let t: TestApp;
let owner: SignedIn;
let otherCreator: SignedIn;
let admin: SignedIn;
let zoe: Member;
let video: string;
let otherVideo: string;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await makeSignedIn(t);
  otherCreator = await makeSignedIn(t);
  admin = await makeSignedIn(t, { superadmin: true });
  for (const creator of [owner, otherCreator]) await publishPage(t, creator.id);
  zoe = await makeMember(t, 'Zoé');
  video = await seedVideo(t, owner.id, 'Crêpes de Chandeleur');
  otherVideo = await seedVideo(t, owner.id, 'Galette des rois');
});
afterAll(async () => {
  await t.close();
});

function call(
  who: SignedIn,
  method: 'GET' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) {
  return t.app.inject({ method, url, headers: { cookie: who.cookie }, payload });
}

async function page(who: SignedIn, url: string): Promise<{ items: Comment[]; nextCursor: string | null }> {
  const response = await call(who, 'GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function journal(kind: string): Promise<JournalEntry[]> {
  return (await page(admin, `/api/journal?kind=${kind}`)).items as unknown as JournalEntry[];
}

describe("a creator's comments", () => {
  it('lists those on their own videos only, newest first, hidden ones flagged, with the item shape', async () => {
    const base = Date.now() - 100_000;
    const older = await seedComment(t, video, zoe.id, { text: 'Première !', createdAt: base });
    const hidden = await seedComment(t, otherVideo, zoe.id, {
      text: 'Masqué',
      createdAt: base + 1,
      hidden: true,
    });
    const elsewhere = await seedVideo(t, otherCreator.id, 'Ailleurs');
    await seedComment(t, elsewhere, zoe.id, { text: 'Pas chez toi' });
    const { items } = await page(owner, '/api/comments/mine');
    expect(items.map((item) => item.id)).toEqual([hidden, older]);
    expect(items[0]).toEqual({
      id: hidden,
      text: 'Masqué',
      created_at: base + 1,
      hidden: true,
      report_count: 0,
      author: { id: zoe.id, pseudonym: 'Zoé', muted: false },
      video: { id: otherVideo, title: 'Galette des rois' },
    });
  });

  it('filters by video and searches the text ignoring case and accents', async () => {
    await seedComment(t, video, zoe.id, { text: 'La CRÈME fouettée, génial' });
    await seedComment(t, otherVideo, zoe.id, { text: 'Crème brûlée ailleurs' });
    const byVideo = await page(owner, `/api/comments/mine?video=${video}`);
    expect(byVideo.items.every((item) => item.video.id === video)).toBe(true);
    const searched = await page(owner, `/api/comments/mine?q=${encodeURIComponent('creme')}`);
    expect(searched.items.map((item) => item.text).sort()).toEqual([
      'Crème brûlée ailleurs',
      'La CRÈME fouettée, génial',
    ]);
    const both = await page(owner, `/api/comments/mine?video=${video}&q=${encodeURIComponent('CrÈme F')}`);
    expect(both.items.map((item) => item.text)).toEqual(['La CRÈME fouettée, génial']);
  });

  it("shows nothing of another creator's video, named in the address, searched or not", async () => {
    const elsewhere = await seedVideo(t, otherCreator.id, 'Ailleurs');
    await seedComment(t, elsewhere, zoe.id, { text: 'Crème pas chez toi' });
    for (const query of [`video=${elsewhere}`, `video=${elsewhere}&q=creme`]) {
      const { items } = await page(owner, `/api/comments/mine?${query}`);
      expect(items).toEqual([]);
    }
  });

  it('pages by cursor, 50 at a time, without skipping or repeating', async () => {
    const creator = await makeSignedIn(t);
    const many = await seedVideo(t, creator.id, 'Populaire');
    const at = Date.now() - 50_000;
    for (let i = 0; i < 60; i++)
      await seedComment(t, many, zoe.id, { text: `N° ${i}`, createdAt: at + (i % 7) });
    const first = await page(creator, '/api/comments/mine');
    expect(first.items).toHaveLength(50);
    const second = await page(creator, `/api/comments/mine?after=${first.nextCursor}`);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.items, ...second.items].map((item) => item.id)).size).toBe(60);
  });

  it('hides and shows a comment on their video, journalled; another creator gets 403', async () => {
    const id = await seedComment(t, video, zoe.id, {
      text: 'Un commentaire un peu trop long pour tenir entier dans le journal, voilà.',
    });
    const refused = await call(otherCreator, 'PUT', `/api/comments/${id}/hidden`, { hidden: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(MESSAGES.commentNotOnYourVideo);
    const hidden = await call(owner, 'PUT', `/api/comments/${id}/hidden`, { hidden: true });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ id, hidden: true });
    const publicList = (await t.app.inject({ url: `/api/public/videos/${video}/comments` })).json();
    expect(publicList.items.map((item: { id: string }) => item.id)).not.toContain(id);
    const shown = await call(admin, 'PUT', `/api/comments/${id}/hidden`, { hidden: false });
    expect(shown.json().hidden).toBe(false);
    expect((await call(owner, 'PUT', '/api/comments/inconnu/hidden', { hidden: true })).statusCode).toBe(404);

    const [hiddenEntry] = await journal('comment.hidden');
    expect(hiddenEntry).toMatchObject({
      actor: { id: owner.id },
      item: { type: 'comment', id, label: 'Un commentaire un peu trop long pour tenir entier dans le jo' },
    });
    expect((await journal('comment.shown'))[0]).toMatchObject({ actor: { id: admin.id }, item: { id } });
  });
});

describe("the superadmin's comments", () => {
  it('puts the reported ones not hidden first, then the others, each newest first', async () => {
    const creator = await makeSignedIn(t);
    const v = await seedVideo(t, creator.id, 'Signalée');
    const at = Date.now() - 10_000;
    const plain = await seedComment(t, v, zoe.id, { createdAt: at + 5 });
    const reportedOld = await seedComment(t, v, zoe.id, { createdAt: at + 1 });
    const reportedNew = await seedComment(t, v, zoe.id, { createdAt: at + 2 });
    const reportedHidden = await seedComment(t, v, zoe.id, { createdAt: at + 4, hidden: true });
    for (const id of [reportedOld, reportedNew, reportedHidden]) {
      await t.db
        .insertInto('comment_reports')
        .values({ comment_id: id, reporter_id: zoe.id, reason: 'spam', created_at: at })
        .execute();
    }
    const { items } = await page(admin, `/api/comments?video=${v}`);
    expect(items.map((item) => item.id)).toEqual([reportedNew, reportedOld, plain, reportedHidden]);
    expect(items[0]!.report_count).toBe(1);
    expect((await call(owner, 'GET', '/api/comments')).statusCode).toBe(403);
  });

  it('pages across the reported ones and the others by cursor', async () => {
    const creator = await makeSignedIn(t);
    const v = await seedVideo(t, creator.id, 'Longue');
    const at = Date.now() - 10_000;
    const ids: string[] = [];
    for (let i = 0; i < 70; i++) {
      const id = await seedComment(t, v, zoe.id, { createdAt: at + i });
      if (i % 2 === 0) {
        await t.db
          .insertInto('comment_reports')
          .values({ comment_id: id, reporter_id: zoe.id, reason: 'autre', created_at: at })
          .execute();
      }
      ids.push(id);
    }
    const first = await page(admin, `/api/comments?video=${v}`);
    const second = await page(admin, `/api/comments?video=${v}&after=${first.nextCursor}`);
    expect(second.nextCursor).toBeNull();
    const all = [...first.items, ...second.items];
    expect(all.map((item) => item.id).sort()).toEqual(ids.sort());
    expect(all.slice(0, 35).every((item) => item.report_count === 1)).toBe(true);
  });

  it('deletes a comment, journalled', async () => {
    const id = await seedComment(t, video, zoe.id, { text: 'À supprimer' });
    expect((await call(owner, 'DELETE', `/api/comments/${id}`)).statusCode).toBe(403);
    expect((await call(admin, 'DELETE', `/api/comments/${id}`)).statusCode).toBe(204);
    expect((await call(admin, 'DELETE', `/api/comments/${id}`)).statusCode).toBe(404);
    expect((await journal('comment.deleted'))[0]).toMatchObject({
      item: { type: 'comment', id, label: 'À supprimer' },
    });
  });

  it('mutes and unmutes a subscriber, shown in the subscribers list and journalled', async () => {
    const member = await makeMember(t, 'Bavard');
    const mute = (muted: boolean) => call(admin, 'PUT', `/api/users/${member.id}/comments-muted`, { muted });
    const muted = await mute(true);
    expect(muted.statusCode).toBe(200);
    expect(muted.json()).toMatchObject({ id: member.id, comments_muted: true });
    const users = await page(admin, `/api/users?q=${encodeURIComponent(member.email)}`);
    expect(users.items[0]).toMatchObject({ id: member.id, comments_muted: true });
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/public/videos/${video}/comments`,
      headers: member.headers,
      payload: { text: 'Encore moi' },
    });
    expect(refused.statusCode).toBe(403);
    expect((await mute(false)).json().comments_muted).toBe(false);
    expect((await call(admin, 'PUT', '/api/users/inconnu/comments-muted', { muted: true })).statusCode).toBe(
      404,
    );
    expect((await journal('subscriber.muted'))[0]).toMatchObject({
      item: { type: 'user', id: member.id, label: member.email },
    });
    expect((await journal('subscriber.unmuted'))[0]).toMatchObject({ item: { id: member.id } });
  });
});

describe('a search held by more comments than a catalogue search answers from its index', () => {
  it('finds every one, newest first, through the index on SQLite rather than a walk of every comment', async () => {
    const creator = await makeSignedIn(t);
    const v = await seedVideo(t, creator.id, 'Tartiflette');
    // A word of the past: its comments are older than every other, at the far end of the walk.
    const at = Date.now() - 1_000_000;
    const count = FEW_MATCHES + 40;
    const old: string[] = [];
    for (let i = 0; i < count; i++) {
      old.push(await seedComment(t, v, zoe.id, { text: `Reblochon n°${i}`, createdAt: at + i }));
    }
    await seedComment(t, v, zoe.id, { text: 'Rien à voir' });
    const everyPage = async (who: SignedIn, url: string) => {
      const found: string[] = [];
      let after: string | null = null;
      do {
        const result = await page(who, `${url}${after ? `&after=${after}` : ''}`);
        found.push(...result.items.map((item) => item.id));
        after = result.nextCursor;
      } while (after);
      return found;
    };
    expect(await everyPage(admin, '/api/comments?q=REBLOCHON')).toEqual([...old].reverse());
    const ids = await fewCandidateIds(t.db, SEARCH_INDEXES.commentTexts, 'reblochon');
    if (isPostgres(t.db)) expect(ids).toBeUndefined();
    else expect(ids).toHaveLength(count);

    // The creator's own list holds few comments: on SQLite, walked in its index, the search index
    // not asked; on PostgreSQL, asked of its index and sorted, short enough.
    expect(await everyPage(creator, '/api/comments/mine?q=REBLOCHON')).toEqual([...old].reverse());
    const listed = await listedCommentCount(t.db, { creatorId: creator.id });
    expect(listed).toBe(count + 1);
    expect((await commentTextSearch(t.db, 'reblochon', listed)).fewRows).toBe(isPostgres(t.db));
    expect((await commentTextSearch(t.db, 'reblochon')).fewRows).toBe(!isPostgres(t.db));
  });
});

describe('the dashboard', () => {
  it("counts a creator's comments, the new ones since their visit, and the reports waiting", async () => {
    const creator = await makeSignedIn(t);
    await publishPage(t, creator.id);
    const v = await seedVideo(t, creator.id, 'Stats');
    const stats = async (who: SignedIn) =>
      (await page(who, '/api/stats/dashboard')) as unknown as {
        own: { comments: number; new_comments: number };
        platform: { reported_comments: number } | null;
      };
    const at = Date.now() - 60_000;
    await seedComment(t, v, zoe.id, { createdAt: at });
    const reported = await seedComment(t, v, zoe.id, { createdAt: at + 1, hidden: false });
    expect((await stats(creator)).own).toMatchObject({ comments: 2, new_comments: 2 });
    await page(creator, '/api/comments/mine');
    expect((await stats(creator)).own).toMatchObject({ comments: 2, new_comments: 0 });
    await seedComment(t, v, zoe.id, { createdAt: Date.now() + 1000 });
    expect((await stats(creator)).own).toMatchObject({ comments: 3, new_comments: 1 });

    const before = (await stats(admin)).platform!.reported_comments;
    await t.db
      .insertInto('comment_reports')
      .values({ comment_id: reported, reporter_id: zoe.id, reason: 'spam', created_at: at })
      .execute();
    expect((await stats(admin)).platform!.reported_comments).toBe(before + 1);
    await call(creator, 'PUT', `/api/comments/${reported}/hidden`, { hidden: true });
    expect((await stats(admin)).platform!.reported_comments).toBe(before);
    expect((await stats(creator)).platform).toBeNull();
  });

  it("leaves a creator's mark where it was when they open 'Commentaires' with nothing new", async () => {
    const creator = await makeSignedIn(t);
    await publishPage(t, creator.id);
    const v = await seedVideo(t, creator.id, 'Revue');
    const seenAt = async () =>
      (
        await t.db
          .selectFrom('creators')
          .select('comments_seen_at')
          .where('id', '=', creator.id)
          .executeTakeFirstOrThrow()
      ).comments_seen_at;
    const later = () => new Promise((resolve) => setTimeout(resolve, 5));
    await seedComment(t, v, zoe.id, { createdAt: Date.now() - 60_000 });
    await page(creator, '/api/comments/mine');
    const first = Number(await seenAt());
    expect(first).toBeGreaterThan(Date.now() - 60_000);
    await later();
    await page(creator, '/api/comments/mine?q=merci');
    await page(creator, `/api/comments/mine?video=${v}`);
    expect(Number(await seenAt())).toBe(first);
    await seedComment(t, v, zoe.id, { createdAt: Date.now() });
    await later();
    await page(creator, '/api/comments/mine');
    expect(Number(await seenAt())).toBeGreaterThan(first);
  });
});
