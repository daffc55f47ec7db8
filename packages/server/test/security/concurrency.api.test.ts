import { MESSAGES } from '@coulisses/domain/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURED_VIDEOS_MAX, LATEST_VIDEOS_CAP } from '@coulisses/domain/constants/limits';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeSignedIn, makeUser, type SignedIn } from '../factories.ts';
import { seedCategory, seedVideo, setList } from '../public/seed.ts';
import { postVideo, storedVideoImages, validVideoForm, videoForm } from '../videos/video-fixtures.ts';
import {
  discountForm,
  makeDiscountCategory,
  storedDiscountImages,
  validFields,
} from '../discounts/discount-fixtures.ts';
import { makeImage } from '../images.ts';
import { runCli } from '../maintenance/run-cli.ts';

/*
 * Many requests released at once, then invariants checked in the database. Each write runs in one
 * transaction, so none of these may break a cap, duplicate an id, lose an update or surface a
 * 'database is locked' error.
 */

let t: TestApp;
let admin: SignedIn;
let otherAdmin: SignedIn;
let creator: SignedIn;
let category: string;

beforeAll(async () => {
  // Races of many uploads by one user: the upload limits (upload-limits.api.test.ts) stay out of the way.
  t = await buildTestApp({ UPLOAD_CONCURRENCY: '64', UPLOADS_PER_USER: '64' });
  admin = await makeSignedIn(t, { superadmin: true });
  otherAdmin = await makeSignedIn(t, { superadmin: true });
  creator = await makeSignedIn(t);
  await t.db.updateTable('creators').set({ is_live: 1 }).where('id', '=', creator.id).execute();
  category = await seedCategory(t, 'video', 'Concurrence');
});
afterAll(async () => {
  await t.close();
});

const toggle = (id: string, who: SignedIn) =>
  t.app.inject({ method: 'POST', url: `/api/videos/${id}/featured`, headers: { cookie: who.cookie } });
const featured = async () =>
  (await t.db.selectFrom('featured_videos').select('video_id').orderBy('position').execute()).map(
    (r) => r.video_id,
  );

async function videos(count: number, prefix: string) {
  const ids = [];
  for (let i = 0; i < count; i += 1) ids.push(await seedVideo(t, creator.id, `${prefix} ${i}`));
  return ids;
}

describe('concurrency', () => {
  it('two superadmins featuring different videos onto a list of 9: 10 entries, both in front, no duplicate', async () => {
    const base = await videos(9, 'Base');
    for (let round = 0; round < 20; round += 1) {
      await setList(t, 'featured_videos', base);
      const [a, b] = await videos(2, `Tour ${round}`);
      const answers = await Promise.all([toggle(a!, admin), toggle(b!, otherAdmin)]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
      const list = await featured();
      expect(list).toHaveLength(FEATURED_VIDEOS_MAX);
      expect(new Set(list).size).toBe(list.length);
      expect(list.slice(0, 2).sort()).toEqual([a, b].sort());
    }
  });

  it('the same video toggled by two superadmins at once: both answered, no toggle lost', async () => {
    const [id] = await videos(1, 'Double bascule');
    for (let round = 0; round < 10; round += 1) {
      const answers = await Promise.all([toggle(id!, admin), toggle(id!, otherAdmin)]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
      // Two toggles in a row cancel out; a lost one would leave the video featured.
      expect(answers.map((r) => r.json<{ featured: boolean }>().featured).sort()).toEqual([false, true]);
      expect(await featured()).not.toContain(id);
    }
  });

  it('30 videos added at once: the latest list holds exactly the 11 newest, once each', async () => {
    const form = await validVideoForm(category);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        postVideo(t, creator.cookie, videoForm({ ...form, title: `Rafale ${i}` })),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(30).fill(201));
    const latest = (
      await t.db.selectFrom('latest_videos').select('video_id').orderBy('position').execute()
    ).map((r) => r.video_id);
    expect(latest).toHaveLength(LATEST_VIDEOS_CAP);
    expect(new Set(latest).size).toBe(LATEST_VIDEOS_CAP);
    // Adds take the list in turn and stamp their date once they hold it: no video left out is
    // newer than the oldest one the list keeps.
    const dates = new Map(
      (await t.db.selectFrom('videos').select(['id', 'created_at']).execute()).map((row) => [
        row.id,
        Number(row.created_at),
      ]),
    );
    const oldestKept = Math.min(...latest.map((id) => dates.get(id)!));
    const newestLeftOut = Math.max(
      ...[...dates].filter(([id]) => !latest.includes(id)).map(([, date]) => date),
    );
    expect(newestLeftOut).toBeLessThanOrEqual(oldestKept);
  });

  it('deleting a video while it is being featured leaves no dangling entry', async () => {
    for (let round = 0; round < 10; round += 1) {
      const [id] = await videos(1, `Supprimée ${round}`);
      const [deleted, toggled] = await Promise.all([
        t.app.inject({ method: 'DELETE', url: `/api/videos/${id}`, headers: { cookie: admin.cookie } }),
        toggle(id!, otherAdmin),
      ]);
      expect(deleted.statusCode).toBe(204);
      expect([200, 404]).toContain(toggled.statusCode);
      expect(await featured()).not.toContain(id);
      const dangling = await t.db
        .selectFrom('featured_videos')
        .leftJoin('videos', 'videos.id', 'featured_videos.video_id')
        .select('featured_videos.video_id')
        .where('videos.id', 'is', null)
        .execute();
      expect(dangling).toEqual([]);
    }
  });

  it('suspending a creator while they add videos: none of their videos is visible afterwards', async () => {
    const busy = await makeSignedIn(t);
    await t.db.updateTable('creators').set({ is_live: 1 }).where('id', '=', busy.id).execute();
    const form = await validVideoForm(category);
    const adds = Array.from({ length: 10 }, (_, i) =>
      postVideo(t, busy.cookie, videoForm({ ...form, title: `Pendant la suspension ${i}` })),
    );
    const suspend = t.app.inject({
      method: 'PUT',
      url: `/api/creators/${busy.id}/status`,
      headers: { cookie: admin.cookie },
      payload: { active: false },
    });
    const answers = await Promise.all([...adds, suspend]);
    expect(answers.every((r) => [201, 204, 403].includes(r.statusCode))).toBe(true);
    const visible = (await t.app.inject({ url: `/api/public/videos?creator=${busy.id}` })).json();
    expect(visible.items).toEqual([]);
    const after = await postVideo(t, busy.cookie, videoForm({ ...form, title: 'Après' }));
    expect(after.statusCode).toBe(403);
  });

  it('suspend and reactivate at once end in one of the two states, with every answer a success', async () => {
    const target = await makeUser(t);
    for (let round = 0; round < 10; round += 1) {
      const answers = await Promise.all(
        [false, true, false, true].map((active, i) =>
          t.app.inject({
            method: 'PUT',
            url: `/api/creators/${target.id}/status`,
            headers: { cookie: (i % 2 ? admin : otherAdmin).cookie },
            payload: { active },
          }),
        ),
      );
      expect(answers.map((r) => r.statusCode)).toEqual([204, 204, 204, 204]);
      const row = await t.db
        .selectFrom('creators')
        .select('is_active')
        .where('id', '=', target.id)
        .executeTakeFirstOrThrow();
      expect([0, 1]).toContain(Number(row.is_active));
    }
  });

  it('double-submitted forms create one row', async () => {
    const user = await makeUser(t, { creator: false });
    const creators = await Promise.all(
      [admin, otherAdmin].map((who) =>
        t.app.inject({
          method: 'POST',
          url: '/api/creators',
          headers: { cookie: who.cookie },
          payload: { email: user.email },
        }),
      ),
    );
    expect(creators.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.db.selectFrom('creators').select('id').where('id', '=', user.id).execute();
    expect(rows).toHaveLength(1);

    const categories = await Promise.all(
      [admin, admin, otherAdmin].map((who) =>
        t.app.inject({
          method: 'POST',
          url: '/api/video-categories',
          headers: { cookie: who.cookie },
          payload: { name: 'Doublon' },
        }),
      ),
    );
    expect(categories.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it('a video form sent five times with one submission key adds one video and keeps one pair of images', async () => {
    const form = await validVideoForm(category, 'Envoyée deux fois');
    const imagesBefore = await storedVideoImages(t);
    const key = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/videos',
          headers: { cookie: creator.cookie, 'idempotency-key': key },
          payload: videoForm(form),
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    const refused = answers.find((r) => r.statusCode === 409)!;
    expect(refused.json().error.message).toBe(MESSAGES.alreadySubmitted);
    const rows = await t.db
      .selectFrom('videos')
      .select('id')
      .where('title', '=', 'Envoyée deux fois')
      .execute();
    expect(rows).toHaveLength(1);
    expect((await storedVideoImages(t)).length).toBe(imagesBefore.length + 2);

    // A new filling of the form carries a new key and is added as usual.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/videos',
      headers: { cookie: creator.cookie, 'idempotency-key': crypto.randomUUID() },
      payload: videoForm(form),
    });
    expect(again.statusCode).toBe(201);
  });

  it('a discount form sent five times with one submission key adds one discount and one image', async () => {
    const discountCategory = await makeDiscountCategory(t);
    const image = await makeImage();
    const imagesBefore = await storedDiscountImages(t);
    const key = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/discounts',
          headers: { cookie: admin.cookie, 'idempotency-key': key },
          payload: discountForm(validFields(discountCategory, 'Remise envoyée deux fois'), image),
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    const rows = await t.db
      .selectFrom('discounts')
      .select('id')
      .where('title', '=', 'Remise envoyée deux fois')
      .execute();
    expect(rows).toHaveLength(1);
    expect((await storedDiscountImages(t)).length).toBe(imagesBefore.length + 1);
  });

  it('a submission key that is not a plain token is refused and adds nothing', async () => {
    const before = await t.db
      .selectFrom('videos')
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/videos',
      headers: { cookie: creator.cookie, 'idempotency-key': '../../etc/passwd' },
      payload: videoForm(await validVideoForm(category)),
    });
    expect(answer.statusCode).toBe(400);
    const after = await t.db
      .selectFrom('videos')
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('the CLI writing beside the server never meets "database is locked"', async () => {
    const form = await validVideoForm(category);
    const [cli, ...requests] = await Promise.all([
      Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          runCli(t, ['user', 'add', `cli-${i}-${Date.now()}@exemple.fr`, '--password', 'motdepasse1']),
        ),
      ),
      ...Array.from({ length: 20 }, (_, i) =>
        postVideo(t, creator.cookie, videoForm({ ...form, title: `À côté du CLI ${i}` })),
      ),
    ]);
    expect(cli.map((r) => r.code)).toEqual([0, 0, 0, 0]);
    expect(cli.map((r) => r.stderr).join('')).not.toMatch(/locked|busy/i);
    expect(requests.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
  }, 60_000);
});
