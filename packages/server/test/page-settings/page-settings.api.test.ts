import { makeImage } from '../images.ts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCRIPT_CODE_MAX_LENGTH } from '@coulisses/domain/constants/limits';
import { MESSAGES } from '@coulisses/domain/messages';
import type { PageSettings } from '@coulisses/domain/schemas/page';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeSignedIn, type SignedIn } from '../factories.ts';
import { getPage, pageForm, publish, savePage, storedPageImages, VALID_VIDEO } from './page-fixtures.ts';

let t: TestApp;
let superadmin: SignedIn;
let horizontal: Buffer;
let vertical: Buffer;
beforeAll(async () => {
  t = await buildTestApp();
  superadmin = await makeSignedIn(t, { superadmin: true });
  [horizontal, vertical] = await Promise.all([makeImage(1600, 1200), makeImage(1000, 2000, 'jpeg')]);
});
afterAll(async () => {
  await t.close();
});

async function readStored(url: string | null) {
  expect(url).toMatch(/^\/files\/creators\//);
  const key = (url ?? '').replace(/^\/files\//, '');
  return (await t.storage.read(key))!;
}

async function completePage(creator: SignedIn) {
  const response = await savePage(
    t,
    creator.cookie,
    pageForm({ title: 'Ma page', home_video_url: VALID_VIDEO }, { horizontal, vertical }),
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PageSettings>();
}

describe('GET /api/page', () => {
  it('gives a new creator their empty, unpublished, active page', async () => {
    const creator = await makeSignedIn(t);
    const response = await getPage(t, creator.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      title: '',
      bio: '',
      email: creator.email,
      hor_img_url: null,
      ver_img_url: null,
      facebook_url: '',
      instagram_url: '',
      youtube_url: '',
      tiktok_url: '',
      linkedin_url: '',
      home_video_url: '',
      email_visible: false,
      lebavard_url: '',
      is_live: false,
      is_active: true,
      assistant_script_hosts: ['lebavard.fr', '*.lebavard.fr'],
    });
  });

  it('needs a signed-in creator', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/page' })).statusCode).toBe(401);
  });
});

describe('PUT /api/page', () => {
  it('saves every field and reads them back', async () => {
    const creator = await makeSignedIn(t);
    const fields = {
      title: '  Les recettes de Léa ',
      bio: 'Je cuisine.\nBeaucoup.',
      home_video_url: 'youtu.be/dQw4w9WgXcQ?t=4',
      facebook_url: 'https://facebook.com/lea',
      instagram_url: 'https://instagram.com/lea',
      youtube_url: 'https://youtube.com/@lea',
      tiktok_url: 'http://tiktok.com/@lea',
      linkedin_url: 'https://linkedin.com/in/lea',
      email_visible: true,
    };
    const response = await savePage(t, creator.cookie, pageForm(fields));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      ...fields,
      title: 'Les recettes de Léa',
      home_video_url: VALID_VIDEO,
    });
    expect((await getPage(t, creator.cookie)).json()).toEqual(response.json());
  });

  it('merges: fields not sent keep their value', async () => {
    const creator = await makeSignedIn(t);
    await savePage(t, creator.cookie, pageForm({ title: 'Titre', bio: 'Bio' }));
    const response = await savePage(t, creator.cookie, pageForm({ bio: 'Nouvelle bio' }));
    expect(response.json()).toMatchObject({ title: 'Titre', bio: 'Nouvelle bio' });
    const emptied = await savePage(t, creator.cookie, pageForm({ title: '' }));
    expect(emptied.json()).toMatchObject({ title: '', bio: 'Nouvelle bio' });
  });

  it('stores the script code exactly as typed, markup and line ends included', async () => {
    const creator = await makeSignedIn(t);
    const code =
      '  <script src="https://lebavard.fr/bot.js"\r\n  data-greeting="Salut !" async></script>\n\t';
    const response = await savePage(t, creator.cookie, pageForm({ lebavard_url: code }));
    expect(response.statusCode).toBe(200);
    expect(response.json<PageSettings>().lebavard_url).toBe(code);
    const row = await t.db
      .selectFrom('creators')
      .select('lebavard_url')
      .where('id', '=', creator.id)
      .executeTakeFirstOrThrow();
    expect(row.lebavard_url).toBe(code);
  });

  it('takes a script code up to the limit, in any characters, and refuses a longer one', async () => {
    const creator = await makeSignedIn(t);
    const [open, close] = ['<script src="https://lebavard.fr/bot.js" data-x="', '"></script>'];
    const room = SCRIPT_CODE_MAX_LENGTH - open.length - close.length;
    const longest = `${open}${'😀'.repeat(room / 2)}${'é'.repeat(room % 2)}${close}`;
    const ok = await savePage(t, creator.cookie, pageForm({ lebavard_url: longest }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<PageSettings>().lebavard_url).toBe(longest);
    const tooLong = await savePage(
      t,
      creator.cookie,
      pageForm({ lebavard_url: 'x'.repeat(SCRIPT_CODE_MAX_LENGTH + 1) }),
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toBe(MESSAGES.scriptCodeTooLong);
  });

  it.each([
    ['facebook_url', 'javascript:alert(1)', MESSAGES.facebookLinkInvalid],
    ['instagram_url', 'instagram.com/lea', MESSAGES.instagramLinkInvalid],
    ['youtube_url', 'ftp://youtube.com/lea', MESSAGES.youtubeLinkInvalid],
    ['tiktok_url', 'data:text/html,x', MESSAGES.tiktokLinkInvalid],
    ['linkedin_url', 'https://', MESSAGES.linkedinLinkInvalid],
    ['home_video_url', 'https://vimeo.com/123', MESSAGES.homeVideoLinkInvalid],
    ['title', 'x'.repeat(201), MESSAGES.pageTitleTooLong],
  ])('refuses an invalid %s with its own message and saves nothing', async (field, value, message) => {
    const creator = await makeSignedIn(t);
    const response = await savePage(t, creator.cookie, pageForm({ bio: 'pas gardée', [field]: value }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ message, fields: { [field]: message } });
    expect((await getPage(t, creator.cookie)).json<PageSettings>().bio).toBe('');
  });

  it('refuses unreadable data and unknown fields', async () => {
    const creator = await makeSignedIn(t);
    const broken = await savePage(t, creator.cookie, pageForm('{pas du json'));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.message).toBe(MESSAGES.pageDataInvalid);
    const unknown = await savePage(t, creator.cookie, pageForm({ is_live: true } as object));
    expect(unknown.statusCode).toBe(400);
    expect((await getPage(t, creator.cookie)).json<PageSettings>().is_live).toBe(false);
  });

  it('refuses a JSON body: the save is multipart', async () => {
    const creator = await makeSignedIn(t);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/page',
      headers: { cookie: creator.cookie },
      payload: { title: 'x' },
    });
    expect(response.statusCode).toBe(415);
  });

  it('normalises both images to their exact sizes under creators/{uid}/', async () => {
    const creator = await makeSignedIn(t);
    const page = await completePage(creator);
    const horizontalFile = await sharp(await readStored(page.hor_img_url)).metadata();
    const verticalFile = await sharp(await readStored(page.ver_img_url)).metadata();
    expect(horizontalFile).toMatchObject({ format: 'jpeg', width: 900, height: 600 });
    expect(verticalFile).toMatchObject({ format: 'jpeg', width: 600, height: 900 });
    expect(await storedPageImages(t, creator.id)).toHaveLength(2);
    const served = await t.app.inject({ method: 'GET', url: page.hor_img_url ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it('deletes the replaced image once the new one is saved, and keeps the other', async () => {
    const creator = await makeSignedIn(t);
    const before = await completePage(creator);
    const response = await savePage(
      t,
      creator.cookie,
      pageForm(undefined, { horizontal: await makeImage(300, 300) }),
    );
    expect(response.statusCode).toBe(200);
    const after = response.json<PageSettings>();
    expect(after.hor_img_url).not.toBe(before.hor_img_url);
    expect(after.ver_img_url).toBe(before.ver_img_url);
    const keys = await storedPageImages(t, creator.id);
    expect(keys.map((key) => `/files/${key}`).sort()).toEqual([after.hor_img_url, after.ver_img_url].sort());
  });

  it('keeps a replaced image that another page still shows', async () => {
    const first = await makeSignedIn(t);
    const second = await makeSignedIn(t);
    const before = await completePage(first);
    const sharedKey = (before.hor_img_url ?? '').replace(/^\/files\//, '');
    await t.db.updateTable('creators').set({ hor_img_url: sharedKey }).where('id', '=', second.id).execute();

    const response = await savePage(t, first.cookie, pageForm(undefined, { horizontal }));
    expect(response.statusCode).toBe(200);
    expect(await t.storage.exists(sharedKey)).toBe(true);
    expect((await getPage(t, second.cookie)).json<PageSettings>().hor_img_url).toBe(before.hor_img_url);
  });

  it('refuses a file that is not an image, keeping the old image and storing nothing', async () => {
    const creator = await makeSignedIn(t);
    const before = await completePage(creator);
    const response = await savePage(
      t,
      creator.cookie,
      pageForm({ title: 'Autre' }, { vertical: Buffer.from('<svg onload="alert(1)"/>') }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ vertical: MESSAGES.imageInvalid });
    const page = (await getPage(t, creator.cookie)).json<PageSettings>();
    expect(page).toMatchObject({ title: 'Ma page', ver_img_url: before.ver_img_url });
    expect(await storedPageImages(t, creator.id)).toHaveLength(2);
  });

  it('refuses an unexpected file field', async () => {
    const creator = await makeSignedIn(t);
    const form = pageForm({});
    form.append('image', new Blob([new Uint8Array(horizontal)]), 'x.png');
    expect((await savePage(t, creator.cookie, form)).statusCode).toBe(400);
  });
});

describe('PUT /api/page/publish', () => {
  it('refuses to publish an incomplete page with the spec message, then accepts it once complete', async () => {
    const creator = await makeSignedIn(t);
    await savePage(t, creator.cookie, pageForm({ title: 'Seulement un titre' }));
    const refused = await publish(t, creator.cookie, true);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(MESSAGES.publishFieldsMissing);

    await completePage(creator);
    const accepted = await publish(t, creator.cookie, true);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ is_live: true });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: creator.cookie },
    });
    expect(me.json().user.creator).toEqual({ is_live: true, is_active: true });
  });

  it('shows the creator’s videos in the app while live, and hides them all once unpublished', async () => {
    const creator = await makeSignedIn(t);
    await completePage(creator);
    await t.db
      .insertInto('videos')
      .values(
        [1, 2].map((n) => ({
          id: `${creator.id}-${n}`,
          title: `Vidéo ${n}`,
          title_lowercase: `vidéo ${n}`,
          title_search: `video ${n}`,
          hor_img_url: 'videos/x/a.jpg',
          ver_img_url: 'videos/x/b.jpg',
          video_url: VALID_VIDEO,
          creator_id: creator.id,
          created_at: Date.now(),
        })),
      )
      .execute();
    const visible = async () => {
      const response = await t.app.inject({ method: 'GET', url: `/api/public/videos?creator=${creator.id}` });
      return response.json<{ items: unknown[] }>().items.length;
    };
    expect(await visible()).toBe(0);
    await publish(t, creator.cookie, true);
    expect(await visible()).toBe(2);
    const unpublished = await publish(t, creator.cookie, false);
    expect(unpublished.json()).toEqual({ is_live: false });
    expect(await visible()).toBe(0);
  });

  it('keeps a live page from losing its title or featured video: the save changes nothing', async () => {
    const creator = await makeSignedIn(t);
    await completePage(creator);
    await publish(t, creator.cookie, true);
    const imagesBefore = await storedPageImages(t, creator.id);
    const response = await savePage(
      t,
      creator.cookie,
      pageForm({ title: '  ', home_video_url: '', bio: 'Jamais enregistrée' }, { horizontal }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      message: MESSAGES.livePageTextsRequired,
      fields: { title: MESSAGES.livePageTextRequired, home_video_url: MESSAGES.livePageTextRequired },
    });
    expect((await getPage(t, creator.cookie)).json()).toMatchObject({
      title: 'Ma page',
      home_video_url: VALID_VIDEO,
      bio: '',
      is_live: true,
    });
    expect(await storedPageImages(t, creator.id)).toEqual(imagesBefore);

    await publish(t, creator.cookie, false);
    const draft = await savePage(t, creator.cookie, pageForm({ title: '' }));
    expect(draft.statusCode).toBe(200);
    expect(draft.json()).toMatchObject({ title: '', is_live: false });
  });

  it('lets anyone unpublish whatever the fields hold', async () => {
    const creator = await makeSignedIn(t);
    await completePage(creator);
    await publish(t, creator.cookie, true);
    // A live page without its title, as an import from Firebase may bring one.
    await t.db
      .updateTable('creators')
      .set({ title: '', home_video_url: '' })
      .where('id', '=', creator.id)
      .execute();
    const response = await publish(t, creator.cookie, false);
    expect(response.statusCode).toBe(200);
    expect((await getPage(t, creator.cookie)).json<PageSettings>().is_live).toBe(false);
  });
});

describe('a suspended creator', () => {
  it('cannot save or publish, sees their page as suspended, and can again once reactivated', async () => {
    const creator = await makeSignedIn(t);
    await completePage(creator);
    const suspend = (active: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/creators/${creator.id}/status`,
        headers: { cookie: superadmin.cookie },
        payload: { active },
      });
    expect((await suspend(false)).statusCode).toBe(204);

    const save = await savePage(
      t,
      creator.cookie,
      pageForm({ title: 'Pendant la suspension' }, { horizontal }),
    );
    expect(save.statusCode).toBe(403);
    expect(save.json().error.message).toBe(MESSAGES.accountSuspended);
    const publishing = await publish(t, creator.cookie, true);
    expect(publishing.statusCode).toBe(403);
    expect(publishing.json().error.message).toBe(MESSAGES.accountSuspended);
    const page = (await getPage(t, creator.cookie)).json<PageSettings>();
    expect(page).toMatchObject({ title: 'Ma page', is_active: false, is_live: false });
    expect(await storedPageImages(t, creator.id)).toHaveLength(2);
    expect((await publish(t, creator.cookie, false)).statusCode).toBe(200);

    await suspend(true);
    expect((await publish(t, creator.cookie, true)).statusCode).toBe(200);
    expect((await savePage(t, creator.cookie, pageForm({ bio: 'De retour' }))).statusCode).toBe(200);
  });
});

describe('a creator’s page is theirs alone', () => {
  it('reads and changes only the signed-in creator’s own page, whatever the request says', async () => {
    const alice = await makeSignedIn(t);
    const bob = await makeSignedIn(t);
    await savePage(t, bob.cookie, pageForm({ title: 'Page de Bob' }));
    await savePage(t, alice.cookie, pageForm({ title: 'Page d’Alice' }));
    expect((await getPage(t, alice.cookie)).json<PageSettings>()).toMatchObject({
      title: 'Page d’Alice',
      email: alice.email,
    });
    const withId = await t.app.inject({
      method: 'GET',
      url: `/api/page?id=${bob.id}`,
      headers: { cookie: alice.cookie },
    });
    expect(withId.json<PageSettings>().title).not.toBe('Page de Bob');
    const injected = await savePage(t, alice.cookie, pageForm({ id: bob.id, title: 'Piraté' } as object));
    expect(injected.statusCode).toBe(400);
    expect((await getPage(t, bob.cookie)).json<PageSettings>().title).toBe('Page de Bob');
    expect(await storedPageImages(t, bob.id)).toEqual([]);
  });

  it('refuses a visitor everywhere', async () => {
    const responses = await Promise.all([
      t.app.inject({ method: 'PUT', url: '/api/page', payload: pageForm({ title: 'x' }) }),
      t.app.inject({ method: 'PUT', url: '/api/page/publish', payload: { live: true } }),
    ]);
    for (const response of responses) expect(response.statusCode).toBe(401);
  });
});
