import { makeImage } from '../images.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import type { RequiredRole } from '@coulisses/domain/constants/roles';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeUser, signIn, TEST_PASSWORD } from '../factories.ts';
import { seedCategory, seedCreator, seedDiscount, seedVideo } from '../public/seed.ts';
import { videoForm } from '../videos/video-fixtures.ts';
import { discountForm } from '../discounts/discount-fixtures.ts';
import { pageForm, VALID_VIDEO } from '../page-settings/page-fixtures.ts';
import { seedComment } from '../comments/comment-fixtures.ts';
import { stateOf } from './state-checksum.ts';

/*
 * One declarative table: every operation of the OpenAPI document x every identity, with the status
 * expected. A refusal must also leave every guarded row and every stored file exactly as it was.
 * An operation missing from the table fails the suite, so a new one cannot slip through unreviewed.
 */

const IDENTITIES = ['anonymous', 'subscriber', 'suspended', 'creatorB', 'creatorA', 'superadmin'] as const;
type Identity = (typeof IDENTITIES)[number];
type Expected = Record<Identity, number>;

interface Fixtures {
  /** A video of creator A, its files stored. */
  videoOfA: string;
  videoCategory: string;
  discountCategory: string;
  discount: string;
  /** A creator other than A and B, for the status operation. */
  creatorC: string;
  /** Comments on the video of A: by the subscriber, and by creator C. */
  commentBySubscriber: string;
  commentByC: string;
}

interface Cell {
  request: (fx: Fixtures) => Promise<InjectOptions> | InjectOptions;
  expected: Expected;
  /** The operation ends or replaces the session: run it on a session of its own. */
  ownSession?: boolean;
}

const everyone = (status: number): Expected =>
  Object.fromEntries(IDENTITIES.map((who) => [who, status])) as Expected;
// The subscriber holds an app token, which opens no back-office operation: 401, not 403.
const creatorOp = (ok: number, overrides: Partial<Expected> = {}): Expected => ({
  anonymous: 401,
  subscriber: 401,
  suspended: ok,
  creatorB: ok,
  creatorA: ok,
  superadmin: ok,
  ...overrides,
});
// A member operation is the app's: only an app token opens it, a back-office cookie gets 401.
const memberOp = (ok: number): Expected => ({
  anonymous: 401,
  subscriber: ok,
  suspended: 401,
  creatorB: 401,
  creatorA: 401,
  superadmin: 401,
});
const superadminOp = (ok: number): Expected => ({
  anonymous: 401,
  subscriber: 401,
  suspended: 403,
  creatorB: 403,
  creatorA: 403,
  superadmin: ok,
});

let images: { horizontal: Buffer; vertical: Buffer };
/** A fresh unknown e-mail, so failed sign-ins never add up to the throttle. */
const nobody = () => `personne-${Math.random()}@exemple.fr`;

const MATRIX: Record<string, Cell> = {
  'GET /api/health': { request: () => ({ url: '/api/health' }), expected: everyone(200) },
  'GET /api/health/live': { request: () => ({ url: '/api/health/live' }), expected: everyone(200) },
  'GET /api/config': { request: () => ({ url: '/api/config' }), expected: everyone(200) },
  'POST /api/auth/login': {
    request: () => ({
      url: '/api/auth/login',
      payload: { email: nobody(), password: 'faux-mot' },
    }),
    expected: everyone(401),
  },
  'POST /api/auth/logout': {
    request: () => ({ url: '/api/auth/logout' }),
    expected: creatorOp(204),
    ownSession: true,
  },
  // Who am I: nobody signed in to the back-office is an answer, not a refusal.
  'GET /api/auth/me': {
    request: () => ({ url: '/api/auth/me' }),
    expected: creatorOp(200, { anonymous: 204, subscriber: 204 }),
  },
  'POST /api/auth/refresh': {
    request: () => ({ url: '/api/auth/refresh' }),
    expected: creatorOp(200),
    ownSession: true,
  },
  // A wrong current password reaches the check without changing anyone's password, which every
  // later row signs in with; change-password.api.test.ts holds what a right one does.
  'PUT /api/my-account/password': {
    request: () => ({
      url: '/api/my-account/password',
      payload: { current: 'pas-le-bon', password: 'nouveau-secret', confirmation: 'nouveau-secret' },
    }),
    expected: creatorOp(400),
  },
  'GET /api/journal': { request: () => ({ url: '/api/journal' }), expected: superadminOp(200) },
  'GET /api/journal/mine': { request: () => ({ url: '/api/journal/mine' }), expected: creatorOp(200) },
  'GET /api/stats/dashboard': { request: () => ({ url: '/api/stats/dashboard' }), expected: creatorOp(200) },
  'GET /api/users': { request: () => ({ url: '/api/users' }), expected: superadminOp(200) },
  'GET /api/users/export.csv': {
    request: () => ({ url: '/api/users/export.csv' }),
    expected: superadminOp(200),
  },
  'GET /api/creators': { request: () => ({ url: '/api/creators' }), expected: superadminOp(200) },
  'GET /api/creators/export.csv': {
    request: () => ({ url: '/api/creators/export.csv' }),
    expected: superadminOp(200),
  },
  'POST /api/creators': {
    request: async () => ({
      url: '/api/creators',
      payload: { email: (await makeUser(tApp, { creator: false })).email },
    }),
    expected: superadminOp(201),
  },
  'PUT /api/creators/{id}/status': {
    request: (fx) => ({ url: `/api/creators/${fx.creatorC}/status`, payload: { active: false } }),
    expected: superadminOp(204),
  },
  'GET /api/page': { request: () => ({ url: '/api/page' }), expected: creatorOp(200) },
  'PUT /api/page': {
    request: () => ({ url: '/api/page', payload: pageForm({ title: 'Nouveau titre', bio: 'Nouvelle bio' }) }),
    expected: creatorOp(200, { suspended: 403 }),
  },
  'PUT /api/page/publish': {
    // Unpublishing hides content, so even a suspended creator may; publishing is refused to them
    // (tested with the page rules).
    request: () => ({ url: '/api/page/publish', payload: { live: false } }),
    expected: creatorOp(200),
  },
  'GET /api/public/video-categories': {
    request: () => ({ url: '/api/public/video-categories' }),
    expected: everyone(200),
  },
  'GET /api/public/discount-categories': {
    request: () => ({ url: '/api/public/discount-categories' }),
    expected: everyone(200),
  },
  'GET /api/public/creators': { request: () => ({ url: '/api/public/creators' }), expected: everyone(200) },
  'GET /api/public/creators/{id}': {
    request: (fx) => ({ url: `/api/public/creators/${fx.creatorC}` }),
    expected: everyone(200),
  },
  'GET /api/public/videos': { request: () => ({ url: '/api/public/videos' }), expected: everyone(200) },
  'GET /api/public/videos/{id}': {
    request: (fx) => ({ url: `/api/public/videos/${fx.videoOfA}` }),
    expected: everyone(200),
  },
  'GET /api/public/featured-videos': {
    request: () => ({ url: '/api/public/featured-videos' }),
    expected: everyone(200),
  },
  'GET /api/public/latest-videos': {
    request: () => ({ url: '/api/public/latest-videos' }),
    expected: everyone(200),
  },
  'GET /api/public/discounts': { request: () => ({ url: '/api/public/discounts' }), expected: everyone(200) },
  'POST /api/public/count/{event}/{id}': {
    request: (fx) => ({ url: `/api/public/count/video-view/${fx.videoOfA}` }),
    expected: everyone(200),
  },
  'POST /api/public/signup': {
    request: () => ({
      url: '/api/public/signup',
      payload: {
        email: `inscrit-${Math.random()}@exemple.fr`,
        pseudonym: 'Zoé',
        password: TEST_PASSWORD,
        accept_terms: true,
      },
    }),
    expected: everyone(201),
  },
  'POST /api/public/login': {
    request: () => ({
      url: '/api/public/login',
      payload: { email: nobody(), password: 'faux-mot' },
    }),
    expected: everyone(401),
  },
  'POST /api/public/logout': {
    request: () => ({ url: '/api/public/logout' }),
    expected: everyone(204),
    ownSession: true,
  },
  'GET /api/video-categories': {
    request: () => ({ url: '/api/video-categories' }),
    expected: creatorOp(200),
  },
  'POST /api/video-categories': {
    request: () => ({ url: '/api/video-categories', payload: { name: `Catégorie ${Math.random()}` } }),
    expected: superadminOp(201),
  },
  'PUT /api/video-categories/{id}': {
    request: (fx) => ({
      url: `/api/video-categories/${fx.videoCategory}`,
      payload: { name: `Renommée ${Math.random()}` },
    }),
    expected: superadminOp(200),
  },
  'DELETE /api/video-categories/{id}': {
    request: (fx) => ({ url: `/api/video-categories/${fx.videoCategory}` }),
    expected: superadminOp(204),
  },
  'GET /api/discount-categories': {
    request: () => ({ url: '/api/discount-categories' }),
    expected: superadminOp(200),
  },
  'POST /api/discount-categories': {
    request: () => ({ url: '/api/discount-categories', payload: { name: `Catégorie ${Math.random()}` } }),
    expected: superadminOp(201),
  },
  'PUT /api/discount-categories/{id}': {
    request: (fx) => ({
      url: `/api/discount-categories/${fx.discountCategory}`,
      payload: { name: `Renommée ${Math.random()}` },
    }),
    expected: superadminOp(200),
  },
  'DELETE /api/discount-categories/{id}': {
    request: (fx) => ({ url: `/api/discount-categories/${fx.discountCategory}` }),
    expected: superadminOp(204),
  },
  'DELETE /api/users/{id}/sessions': {
    request: (fx) => ({ url: `/api/users/${fx.creatorC}/sessions` }),
    expected: superadminOp(204),
  },
  'GET /api/videos/mine': { request: () => ({ url: '/api/videos/mine' }), expected: creatorOp(200) },
  'GET /api/videos': { request: () => ({ url: '/api/videos' }), expected: superadminOp(200) },
  'POST /api/videos': {
    request: (fx) => ({
      url: '/api/videos',
      payload: videoForm({
        title: 'Ajoutée',
        link: 'https://youtu.be/dQw4w9WgXcQ',
        categories: [fx.videoCategory],
        ...images,
      }),
    }),
    expected: creatorOp(201, { suspended: 403 }),
  },
  'DELETE /api/videos/{id}': {
    request: (fx) => ({ url: `/api/videos/${fx.videoOfA}` }),
    expected: creatorOp(204, { suspended: 403, creatorB: 403 }),
  },
  'GET /api/videos/{id}': {
    request: (fx) => ({ url: `/api/videos/${fx.videoOfA}` }),
    expected: creatorOp(200, { suspended: 403, creatorB: 403 }),
  },
  'PUT /api/videos/{id}': {
    request: (fx) => {
      const form = videoForm({
        title: 'Vidéo corrigée',
        link: 'https://youtu.be/dQw4w9WgXcQ',
        categories: [fx.videoCategory],
        vertical: images.vertical,
      });
      form.append('version', '1');
      return { url: `/api/videos/${fx.videoOfA}`, payload: form };
    },
    expected: creatorOp(200, { suspended: 403, creatorB: 403 }),
  },
  'GET /api/featured-videos': {
    request: () => ({ url: '/api/featured-videos' }),
    expected: superadminOp(200),
  },
  'PUT /api/featured-videos/{id}/position': {
    request: async (fx) => ({
      url: `/api/featured-videos/${await featuredAtEnd(fx.videoOfA)}/position`,
      payload: { position: 0 },
    }),
    expected: superadminOp(200),
  },
  'DELETE /api/featured-videos/{id}': {
    request: async (fx) => ({ url: `/api/featured-videos/${await featuredAtEnd(fx.videoOfA)}` }),
    expected: superadminOp(200),
  },
  'POST /api/videos/{id}/featured': {
    request: (fx) => ({ url: `/api/videos/${fx.videoOfA}/featured` }),
    expected: superadminOp(200),
  },
  'GET /api/public/videos/{id}/comments': {
    request: (fx) => ({ url: `/api/public/videos/${fx.videoOfA}/comments` }),
    expected: everyone(200),
  },
  'POST /api/public/videos/{id}/comments': {
    request: (fx) => ({ url: `/api/public/videos/${fx.videoOfA}/comments`, payload: { text: 'Bravo !' } }),
    expected: memberOp(201),
  },
  'DELETE /api/public/comments/{id}': {
    request: (fx) => ({ url: `/api/public/comments/${fx.commentBySubscriber}` }),
    expected: memberOp(204),
  },
  'POST /api/public/comments/{id}/reports': {
    request: (fx) => ({ url: `/api/public/comments/${fx.commentByC}/reports`, payload: { reason: 'spam' } }),
    expected: memberOp(201),
  },
  'GET /api/comments/mine': { request: () => ({ url: '/api/comments/mine' }), expected: creatorOp(200) },
  'GET /api/comments': { request: () => ({ url: '/api/comments' }), expected: superadminOp(200) },
  // Only the video's creator (A) or the superadmin moderates a comment under it.
  'PUT /api/comments/{id}/hidden': {
    request: (fx) => ({ url: `/api/comments/${fx.commentByC}/hidden`, payload: { hidden: true } }),
    expected: creatorOp(200, { suspended: 403, creatorB: 403 }),
  },
  'DELETE /api/comments/{id}': {
    request: (fx) => ({ url: `/api/comments/${fx.commentByC}` }),
    expected: superadminOp(204),
  },
  'PUT /api/users/{id}/comments-muted': {
    request: (fx) => ({ url: `/api/users/${fx.creatorC}/comments-muted`, payload: { muted: true } }),
    expected: superadminOp(200),
  },
  'GET /api/discounts': { request: () => ({ url: '/api/discounts' }), expected: superadminOp(200) },
  'POST /api/discounts': {
    request: (fx) => ({
      url: '/api/discounts',
      payload: discountForm(
        {
          title: 'Remise',
          link: 'https://boutique.exemple.fr',
          start_date: '2026-06-01',
          end_date: '2026-06-30',
          categories: [fx.discountCategory],
        },
        images.horizontal,
      ),
    }),
    expected: superadminOp(201),
  },
  'GET /api/discounts/{id}': {
    request: (fx) => ({ url: `/api/discounts/${fx.discount}` }),
    expected: superadminOp(200),
  },
  'PUT /api/discounts/{id}': {
    request: (fx) => ({
      url: `/api/discounts/${fx.discount}`,
      payload: discountForm(
        {
          title: 'Remise corrigée',
          link: 'https://boutique.exemple.fr',
          start_date: '2026-06-01',
          end_date: '2026-06-30',
          categories: [fx.discountCategory],
          version: '1',
        },
        images.horizontal,
      ),
    }),
    expected: superadminOp(200),
  },
  'DELETE /api/discounts/{id}': {
    request: (fx) => ({ url: `/api/discounts/${fx.discount}` }),
    expected: superadminOp(204),
  },
};

let tApp: TestApp;
const people = {} as Record<Exclude<Identity, 'anonymous'> | 'creatorC', { email: string; id: string }>;

async function credentialsOf(who: Identity): Promise<Record<string, string>> {
  if (who === 'anonymous') return {};
  if (who === 'subscriber') {
    const response = await tApp.app.inject({
      method: 'POST',
      url: '/api/public/login',
      payload: { email: people.subscriber.email, password: TEST_PASSWORD },
    });
    return { authorization: `Bearer ${response.json().token}` };
  }
  return { cookie: await signIn(tApp, people[who].email) };
}

const sessions = new Map<Identity, Record<string, string>>();

/** Puts the video at the end of the featured list, behind another, so that moving it changes the list. */
async function featuredAtEnd(videoId: string): Promise<string> {
  const front = await seedVideo(tApp, people.creatorB.id, 'Vidéo en tête');
  await tApp.db.deleteFrom('featured_videos').execute();
  await tApp.db
    .insertInto('featured_videos')
    .values([
      { video_id: front, position: 0 },
      { video_id: videoId, position: 1 },
    ])
    .execute();
  return videoId;
}

async function freshFixtures(): Promise<Fixtures> {
  // Earlier cells may have unpublished or suspended someone: every cell starts from the same world,
  // the pages published as publishing asks, with a title and a featured video.
  await tApp.db
    .updateTable('creators')
    .set({ is_live: 1, is_active: 1, title: 'Page publiée', home_video_url: VALID_VIDEO })
    .where('id', 'in', [people.creatorA.id, people.creatorB.id, people.creatorC.id, people.superadmin.id])
    .execute();
  const videoOfA = await seedVideo(tApp, people.creatorA.id, 'Vidéo de A');
  const row = await tApp.db
    .selectFrom('videos')
    .select(['hor_img_url', 'ver_img_url'])
    .where('id', '=', videoOfA)
    .executeTakeFirstOrThrow();
  await tApp.storage.put(row.hor_img_url, images.horizontal);
  await tApp.storage.put(row.ver_img_url, images.vertical);
  const discount = await seedDiscount(tApp, 'Remise', { startInDays: -1, endInDays: 3 });
  return {
    videoOfA,
    videoCategory: await seedCategory(tApp, 'video', `Vidéo ${Math.random()}`),
    discountCategory: await seedCategory(tApp, 'discount', `Discount ${Math.random()}`),
    discount,
    creatorC: people.creatorC.id,
    commentBySubscriber: await seedComment(tApp, videoOfA, people.subscriber.id),
    commentByC: await seedComment(tApp, videoOfA, people.creatorC.id),
  };
}

beforeAll(async () => {
  tApp = await buildTestApp();
  images = { horizontal: await makeImage(300, 200), vertical: await makeImage(200, 300) };
  people.subscriber = await makeUser(tApp, { creator: false });
  people.creatorA = await seedCreator(tApp);
  people.creatorB = await seedCreator(tApp);
  people.creatorC = await seedCreator(tApp);
  people.suspended = await seedCreator(tApp);
  people.superadmin = await makeUser(tApp, { superadmin: true });
  for (const who of IDENTITIES) sessions.set(who, await credentialsOf(who));
  // Signed in while active, then suspended: the suspension must bite on the very next request.
  await tApp.db.updateTable('creators').set({ is_active: 0 }).where('id', '=', people.suspended.id).execute();
}, 60_000);

afterAll(async () => {
  await tApp.close();
});

describe('permission matrix', () => {
  it('covers every operation of the OpenAPI document, and nothing that is not there', async () => {
    const document = (await tApp.app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { 'x-required-role': RequiredRole }>>;
    }>();
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(Object.keys(MATRIX).sort()).toEqual(documented.sort());
  });

  for (const [operation, cell] of Object.entries(MATRIX)) {
    const [method] = operation.split(' ') as [InjectOptions['method']];
    for (const who of IDENTITIES) {
      const expected = cell.expected[who];
      it(`${operation} as ${who} → ${expected}`, async () => {
        const fx = await freshFixtures();
        const options = await cell.request(fx);
        const headers = cell.ownSession ? await credentialsOf(who) : sessions.get(who);
        const before = await stateOf(tApp);
        const response = await tApp.app.inject({
          ...options,
          method,
          headers: { ...options.headers, ...headers },
        });
        expect(response.statusCode, response.body).toBe(expected);
        // A refusal changes nothing, and neither does any GET, allowed or not.
        if (expected >= 400 || method === 'GET') expect(await stateOf(tApp)).toEqual(before);
      });
    }
  }
});
