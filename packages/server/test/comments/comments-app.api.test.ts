import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@coulisses/domain/messages';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeUser } from '../factories.ts';
import { seedCreator, seedVideo } from '../public/seed.ts';
import { keptCounts, makeMember, seedComment, type Member } from './comment-fixtures.ts';

let t: TestApp;
let member: Member;
let creatorId: string;
let videoId: string;

beforeAll(async () => {
  t = await buildTestApp();
  member = await makeMember(t, 'Zoé');
  creatorId = (await seedCreator(t)).id;
  videoId = await seedVideo(t, creatorId, 'Recette du far breton');
});
afterAll(async () => {
  await t.close();
});

const list = (video: string, after?: string) =>
  t.app.inject({ url: `/api/public/videos/${video}/comments${after ? `?after=${after}` : ''}` });

const post = (video: string, payload: unknown, who: { headers: Record<string, string> } = member) =>
  t.app.inject({
    method: 'POST',
    url: `/api/public/videos/${video}/comments`,
    headers: who.headers,
    payload: payload as Record<string, unknown>,
  });

const report = (comment: string, reason: string, who: Member = member) =>
  t.app.inject({
    method: 'POST',
    url: `/api/public/comments/${comment}/reports`,
    headers: who.headers,
    payload: { reason },
  });

describe('reading the comments of a video', () => {
  it('lists them newest first, 50 a page, with the pseudonym and never the e-mail', async () => {
    const video = await seedVideo(t, creatorId, 'Beaucoup de commentaires');
    const base = Date.now() - 1000_000;
    const ids: string[] = [];
    // Same instant for pairs: the id breaks the tie, and paging neither skips nor repeats one.
    for (let i = 0; i < 53; i++) {
      ids.push(
        await seedComment(t, video, member.id, {
          text: `Commentaire ${i}`,
          createdAt: base + Math.floor(i / 2),
        }),
      );
    }
    const first = await list(video);
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.items).toHaveLength(50);
    expect(page.items[0]).toEqual({
      id: expect.any(String),
      text: 'Commentaire 52',
      created_at: base + 26,
      author: { pseudonym: 'Zoé' },
    });
    expect(first.body).not.toContain(member.email);
    const second = (await list(video, page.nextCursor)).json();
    expect(second.nextCursor).toBeNull();
    const seen = [...page.items, ...second.items].map((item: { id: string }) => item.id);
    expect(new Set(seen).size).toBe(53);
    expect(seen.sort()).toEqual([...ids].sort());
    const times = [...page.items, ...second.items].map((item: { created_at: number }) => item.created_at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('refuses a forged cursor with 400', async () => {
    const forged = Buffer.from(JSON.stringify(['demain', 'x'])).toString('base64url');
    expect((await list(videoId, forged)).statusCode).toBe(400);
    expect((await list(videoId, 'pas-un-curseur')).statusCode).toBe(400);
  });

  it('never lists a hidden comment', async () => {
    const video = await seedVideo(t, creatorId, 'Vidéo modérée');
    await seedComment(t, video, member.id, { text: 'Visible' });
    await seedComment(t, video, member.id, { text: 'Masqué', hidden: true });
    const { items } = (await list(video)).json();
    expect(items.map((item: { text: string }) => item.text)).toEqual(['Visible']);
  });

  it('answers 404 for a video of an unpublished page, of a suspended creator, or unknown', async () => {
    const unpublished = await seedCreator(t, { live: false });
    const suspended = await seedCreator(t, { active: false });
    for (const owner of [unpublished.id, suspended.id]) {
      const video = await seedVideo(t, owner, 'Invisible');
      await seedComment(t, video, member.id);
      const response = await list(video);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(MESSAGES.commentVideoNotFound);
      expect(response.body).not.toContain('Super vidéo');
      expect((await post(video, { text: 'Coucou' })).statusCode).toBe(404);
    }
    expect((await list('inconnue')).statusCode).toBe(404);
  });

  it('shows the count of visible comments in the public video', async () => {
    const video = await seedVideo(t, creatorId, 'Compteur public');
    await seedComment(t, video, member.id);
    await seedComment(t, video, member.id, { hidden: true });
    const response = await t.app.inject({ url: `/api/public/videos/${video}` });
    expect(response.json().comment_count).toBe(1);
    const all = (await t.app.inject({ url: `/api/public/videos?creator=${creatorId}` })).json();
    expect(all.items.find((item: { id: string }) => item.id === video).comment_count).toBe(1);
  });
});

describe('posting a comment', () => {
  it('stores the text trimmed and answers it with 201', async () => {
    const response = await post(videoId, { text: '   Trop bon, je teste ce soir !  ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(String),
      text: 'Trop bon, je teste ce soir !',
      created_at: expect.any(Number),
      author: { pseudonym: 'Zoé' },
    });
    const { items } = (await list(videoId)).json();
    expect(items[0].text).toBe('Trop bon, je teste ce soir !');
  });

  it('refuses an empty or a too long text, with the French message; 1000 characters pass', async () => {
    const author = await makeMember(t);
    for (const text of ['', '    \n ']) {
      const response = await post(videoId, { text }, author);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toContain(MESSAGES.commentEmpty);
    }
    const tooLong = await post(videoId, { text: 'é'.repeat(1001) }, author);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toContain(MESSAGES.commentTooLong);
    expect((await post(videoId, { text: 'é'.repeat(1000) }, author)).statusCode).toBe(201);
  });

  it('keeps markup as typed and serves it back as the same JSON string', async () => {
    const text = '<script>alert(1)</script> & <b>gras</b>';
    const author = await makeMember(t);
    const created = await post(videoId, { text }, author);
    expect(created.json().text).toBe(text);
    const response = await list(videoId);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json().items[0].text).toBe(text);
  });

  it('needs an app session: 401 without one, with an expired token, or with a back-office cookie', async () => {
    expect((await post(videoId, { text: 'Salut' }, { headers: {} })).json()).toEqual({
      error: { code: 'unauthorized', message: MESSAGES.signInRequired },
    });
    const expired = await post(videoId, { text: 'Salut' }, { headers: { authorization: 'Bearer inconnu' } });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.message).toBe(MESSAGES.sessionExpired);
    const creator = await makeUser(t, { superadmin: true });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: creator.email, password: 'motdepasse-solide' },
    });
    const cookie = login.cookies.find((c) => c.name === 'coulisses_session')!;
    const web = await post(
      videoId,
      { text: 'Salut' },
      { headers: { cookie: `${cookie.name}=${cookie.value}` } },
    );
    expect(web.statusCode).toBe(401);
  });

  it('refuses a muted member with 403, and lets them post again once unmuted', async () => {
    const muted = await makeMember(t);
    await t.db.updateTable('users').set({ comments_muted: 1 }).where('id', '=', muted.id).execute();
    const refused = await post(videoId, { text: 'Je reviens' }, muted);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(MESSAGES.commentsMuted);
    await t.db.updateTable('users').set({ comments_muted: 0 }).where('id', '=', muted.id).execute();
    expect((await post(videoId, { text: 'Je reviens' }, muted)).statusCode).toBe(201);
  });
});

describe('deleting and reporting', () => {
  it('lets the author alone delete their comment', async () => {
    const author = await makeMember(t);
    const other = await makeMember(t);
    const id = (await post(videoId, { text: 'Oups' }, author)).json().id;
    const del = (who: Member, comment = id) =>
      t.app.inject({ method: 'DELETE', url: `/api/public/comments/${comment}`, headers: who.headers });
    const refused = await del(other);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(MESSAGES.commentNotYours);
    expect((await del(author)).statusCode).toBe(204);
    expect((await del(author)).statusCode).toBe(404);
  });

  it('takes one report per member, with a reason from the list', async () => {
    const id = await seedComment(t, videoId, member.id);
    const reporter = await makeMember(t);
    expect((await report(id, 'pas une raison', reporter)).statusCode).toBe(400);
    expect((await report(id, 'hors sujet', reporter)).statusCode).toBe(201);
    const again = await report(id, 'spam', reporter);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(MESSAGES.commentAlreadyReported);
    expect((await report(id, 'insulte', await makeMember(t))).statusCode).toBe(201);
    const row = await t.db
      .selectFrom('comments')
      .select('report_count')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(row.report_count)).toBe(2);
  });

  it('answers 404 when reporting an unknown or a hidden comment', async () => {
    const hidden = await seedComment(t, videoId, member.id, { hidden: true });
    expect((await report(hidden, 'spam')).statusCode).toBe(404);
    expect((await report('inconnu', 'spam')).statusCode).toBe(404);
  });
});

describe('the kept counts', () => {
  it('follow inserts, hides, shows, deletes and reports, and a deleted video', async () => {
    const owner = await seedCreator(t);
    const video = await seedVideo(t, owner.id, 'Comptée');
    const other = await seedVideo(t, owner.id, 'Autre');
    expect(await keptCounts(t, video)).toEqual({ video: 0, creator: 0 });
    const a = await seedComment(t, video, member.id);
    const b = await seedComment(t, video, member.id);
    await seedComment(t, video, member.id, { hidden: true });
    await seedComment(t, other, member.id);
    expect(await keptCounts(t, video)).toEqual({ video: 2, creator: 4 });
    await t.db.updateTable('comments').set({ hidden: 1 }).where('id', '=', a).execute();
    expect(await keptCounts(t, video)).toEqual({ video: 1, creator: 4 });
    await t.db.updateTable('comments').set({ hidden: 1 }).where('id', '=', a).execute();
    expect(await keptCounts(t, video)).toEqual({ video: 1, creator: 4 });
    await t.db.updateTable('comments').set({ hidden: 0 }).where('id', '=', a).execute();
    expect(await keptCounts(t, video)).toEqual({ video: 2, creator: 4 });
    await t.db.deleteFrom('comments').where('id', '=', b).execute();
    expect(await keptCounts(t, video)).toEqual({ video: 1, creator: 3 });

    const reporter = await makeMember(t);
    await report(a, 'spam', reporter);
    await t.db.deleteFrom('users').where('id', '=', reporter.id).execute();
    const row = await t.db
      .selectFrom('comments')
      .select('report_count')
      .where('id', '=', a)
      .executeTakeFirstOrThrow();
    expect(Number(row.report_count)).toBe(0);

    await t.db.deleteFrom('videos').where('id', '=', video).execute();
    expect(await keptCounts(t, other)).toEqual({ video: 1, creator: 1 });
  });
});
