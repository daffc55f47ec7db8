import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@coulisses/domain/messages';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeSignedIn, type SignedIn } from '../factories.ts';

let t: TestApp;
let creator: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  creator = await makeSignedIn(t);
  admin = await makeSignedIn(t, { superadmin: true });
});
afterAll(async () => {
  await t.close();
});

type Kind = 'video' | 'discount';
const urlOf = (kind: Kind) => `/api/${kind}-categories`;

function add(kind: Kind, name: unknown, cookie = admin.cookie) {
  return t.app.inject({ method: 'POST', url: urlOf(kind), headers: { cookie }, payload: { name } });
}
/** The categories of a kind by id, as the list gives them. */
async function namesById(kind: Kind): Promise<Map<string, string>> {
  const categories = (await list(kind)).json<{ id: string; name: string }[]>();
  return new Map(categories.map((category) => [category.id, category.name]));
}
function list(kind: Kind, cookie = admin.cookie) {
  return t.app.inject({ method: 'GET', url: urlOf(kind), headers: { cookie } });
}
function rename(kind: Kind, id: string, name: unknown, cookie = admin.cookie) {
  return t.app.inject({ method: 'PUT', url: `${urlOf(kind)}/${id}`, headers: { cookie }, payload: { name } });
}
function remove(kind: Kind, id: string, cookie = admin.cookie) {
  return t.app.inject({ method: 'DELETE', url: `${urlOf(kind)}/${id}`, headers: { cookie } });
}

async function addOk(kind: Kind, name: string): Promise<string> {
  const response = await add(kind, name);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

/** Files something under the category, as a video or discount would be. */
async function useCategory(kind: Kind, categoryId: string) {
  const now = Date.now();
  const id = `${kind}-${categoryId}`;
  if (kind === 'video') {
    await t.db
      .insertInto('videos')
      .values({
        id,
        title: 'Une vidéo',
        title_lowercase: 'une vidéo',
        title_search: 'une video',
        hor_img_url: 'videos/x/h.jpg',
        ver_img_url: 'videos/x/v.jpg',
        video_url: 'https://www.youtube.com/watch?v=abc',
        creator_id: creator.id,
        created_at: now,
      })
      .execute();
    await t.db.insertInto('video_category_links').values({ video_id: id, category_id: categoryId }).execute();
  } else {
    await t.db
      .insertInto('discounts')
      .values({
        id,
        title: 'Un discount',
        title_lowercase: 'un discount',
        title_search: 'un discount',
        link: 'https://exemple.fr',
        code: '',
        start_date: now,
        end_date: now + 1000,
        image_url: 'discount_images/x.jpg',
        created_at: now,
      })
      .execute();
    await t.db
      .insertInto('discount_category_links')
      .values({ discount_id: id, category_id: categoryId })
      .execute();
  }
}

describe.each(['video', 'discount'] as const)('%s categories', (kind) => {
  it('lists categories sorted by name, ignoring case and accents', async () => {
    const names = [`${kind} Zèbre`, `${kind} éte`, `${kind} Automne`];
    for (const name of names) await addOk(kind, name);
    const response = await list(kind);
    expect(response.statusCode).toBe(200);
    const listed = response
      .json<{ name: string }[]>()
      .map((c) => c.name)
      .filter((n) => names.includes(n));
    expect(listed).toEqual([`${kind} Automne`, `${kind} éte`, `${kind} Zèbre`]);
  });

  it('trims the name and refuses an empty one with the spec message', async () => {
    const id = await addOk(kind, `   ${kind} Sport   `);
    const listed = (await list(kind)).json<{ id: string; name: string }[]>();
    expect(listed.find((c) => c.id === id)?.name).toBe(`${kind} Sport`);

    for (const name of ['', '    ', undefined]) {
      const response = await add(kind, name);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.name).toBe(MESSAGES.categoryNameEmpty);
    }
  });

  it('refuses a duplicate name, ignoring case and accents', async () => {
    await addOk(kind, `${kind} Cinéma`);
    const response = await add(kind, `  ${kind.toUpperCase()} CINEMA `);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(MESSAGES.categoryNameTaken);
  });

  it('keeps one category when the same name is added many times at once', async () => {
    const name = `${kind} Simultané`;
    const answers = await Promise.all(Array.from({ length: 8 }, () => add(kind, name)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(7);
    const listed = (await list(kind)).json<{ name: string }[]>();
    expect(listed.filter((c) => c.name === name)).toHaveLength(1);
  });

  it('deletes an unused category, and answers 404 for an unknown one', async () => {
    const id = await addOk(kind, `${kind} Éphémère`);
    const response = await remove(kind, id);
    expect(response.statusCode).toBe(204);
    expect((await list(kind)).json<{ id: string }[]>().some((c) => c.id === id)).toBe(false);
    expect((await remove(kind, id)).statusCode).toBe(404);
  });

  it('refuses to delete a category in use, with the spec message, and keeps it', async () => {
    const id = await addOk(kind, `${kind} Occupée`);
    await useCategory(kind, id);
    const response = await remove(kind, id);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      kind === 'video' ? MESSAGES.videoCategoryInUse : MESSAGES.discountCategoryInUse,
    );
    expect((await list(kind)).json<{ id: string }[]>().some((c) => c.id === id)).toBe(true);
  });

  it('tells how many items each category files, kept as they are filed and removed', async () => {
    const id = await addOk(kind, `${kind} Comptée`);
    const useCount = async () =>
      (await list(kind)).json<{ id: string; use_count: number }[]>().find((c) => c.id === id)?.use_count;
    expect(await useCount()).toBe(0);
    await useCategory(kind, id);
    expect(await useCount()).toBe(1);
    if (kind === 'video') await t.db.deleteFrom('videos').where('id', '=', `video-${id}`).execute();
    else await t.db.deleteFrom('discounts').where('id', '=', `discount-${id}`).execute();
    expect(await useCount()).toBe(0);
    expect((await remove(kind, id)).statusCode).toBe(204);
  });
});

describe.each(['video', 'discount'] as const)('renaming %s categories', (kind) => {
  it('renames a category in use: same id, what it files stays filed', async () => {
    const id = await addOk(kind, `${kind} Patisserie`);
    await useCategory(kind, id);
    const response = await rename(kind, id, `  ${kind} Pâtisserie fine `);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ id, name: `${kind} Pâtisserie fine`, use_count: 1 });
    expect((await namesById(kind)).get(id)).toBe(`${kind} Pâtisserie fine`);
    expect((await remove(kind, id)).statusCode).toBe(409);
  });

  it('takes its own name in another case, and refuses another category’s, ignoring case and accents', async () => {
    const id = await addOk(kind, `${kind} Boulangerie`);
    const other = await addOk(kind, `${kind} Crèmerie`);
    expect((await rename(kind, id, `${kind} BOULANGERIE`)).statusCode).toBe(200);
    const taken = await rename(kind, id, `${kind} cremerie`);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(MESSAGES.categoryNameTaken);
    const names = await namesById(kind);
    expect(names.get(id)).toBe(`${kind} BOULANGERIE`);
    expect(names.get(other)).toBe(`${kind} Crèmerie`);
  });

  it('refuses an empty name with the spec message and an unknown id with 404, changing nothing', async () => {
    const id = await addOk(kind, `${kind} Fromagerie`);
    const empty = await rename(kind, id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(MESSAGES.categoryNameEmpty);
    expect((await rename(kind, 'inconnue', `${kind} Nulle part`)).statusCode).toBe(404);
    const names = await namesById(kind);
    expect(names.get(id)).toBe(`${kind} Fromagerie`);
    expect([...names.values()]).not.toContain(`${kind} Nulle part`);
  });

  it('leaves renaming to the superadmin', async () => {
    const id = await addOk(kind, `${kind} Poissonnerie`);
    expect((await rename(kind, id, `${kind} Marée`, creator.cookie)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'PUT', url: `${urlOf(kind)}/${id}`, payload: { name: 'x' } })).statusCode,
    ).toBe(401);
    expect((await namesById(kind)).get(id)).toBe(`${kind} Poissonnerie`);
  });
});

describe('who may do what', () => {
  it('lets only signed-in users read video categories, and only the superadmin change them', async () => {
    const other = await makeSignedIn(t);
    const id = await addOk('video', 'Rôles vidéo');

    expect((await t.app.inject({ method: 'GET', url: urlOf('video') })).statusCode).toBe(401);
    expect((await list('video', creator.cookie)).statusCode).toBe(200);
    expect((await list('video', other.cookie)).statusCode).toBe(200);

    expect(
      (await t.app.inject({ method: 'POST', url: urlOf('video'), payload: { name: 'x' } })).statusCode,
    ).toBe(401);
    expect((await add('video', 'Pas permis', creator.cookie)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `${urlOf('video')}/${id}` })).statusCode).toBe(401);
    expect((await remove('video', id, creator.cookie)).statusCode).toBe(403);
    expect((await remove('video', id, other.cookie)).statusCode).toBe(403);

    const names = (await list('video')).json<{ name: string }[]>().map((c) => c.name);
    expect(names).toContain('Rôles vidéo');
    expect(names).not.toContain('Pas permis');
  });

  it('keeps discount categories to the superadmin, for reading too', async () => {
    const id = await addOk('discount', 'Rôles discount');
    expect((await t.app.inject({ method: 'GET', url: urlOf('discount') })).statusCode).toBe(401);
    const refused = await list('discount', creator.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(MESSAGES.noAccess);
    expect((await add('discount', 'Pas permis', creator.cookie)).statusCode).toBe(403);
    expect((await remove('discount', id, creator.cookie)).statusCode).toBe(403);
    expect((await list('discount')).json<{ id: string }[]>().some((c) => c.id === id)).toBe(true);
  });
});
