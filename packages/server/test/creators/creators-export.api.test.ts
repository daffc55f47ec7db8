import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@coulisses/domain/messages';
import { EXPORT_PAGE_SIZE } from '../../src/lib/csv-stream.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeSignedIn, makeUser, type SignedIn } from '../factories.ts';
import { chunksOf, csvLines, CSV_CONTENT_TYPE, todaysFile } from '../csv-export.ts';

let t: TestApp;
let superadmin: SignedIn;
beforeAll(async () => {
  t = await buildTestApp();
  superadmin = await makeSignedIn(t, { superadmin: true });
});
afterAll(async () => {
  await t.close();
});

const exportCreators = (query = '', cookie = superadmin.cookie) =>
  t.app.inject({ method: 'GET', url: `/api/creators/export.csv${query}`, headers: { cookie } });

async function creator(email: string, page: { title?: string; active?: boolean; videos?: number } = {}) {
  const user = await makeUser(t, { email });
  await t.db
    .updateTable('creators')
    .set({ title: page.title ?? '', is_active: page.active === false ? 0 : 1, video_count: page.videos ?? 0 })
    .where('id', '=', user.id)
    .execute();
  return user;
}

describe('GET /api/creators/export.csv', () => {
  it('sends a UTF-8 CSV download for a French spreadsheet: BOM, French headers, ; and CRLF', async () => {
    await creator('lea@entete.fr', { title: 'Chez Léa', videos: 3 });
    const response = await exportCreators('?q=entete.fr');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(CSV_CONTENT_TYPE);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${todaysFile('createurs')}"`);
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(response.body).toBe('\uFEFFE-mail;Nom;Vidéos;Suspendu\r\nlea@entete.fr;Chez Léa;3;non\r\n');
  });

  it('comes gzip-compressed to a browser, the same CSV once inflated', async () => {
    await creator('lea@serre.fr', { title: 'Chez Léa', videos: 3 });
    const plain = await exportCreators('?q=serre.fr');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/creators/export.csv?q=serre.fr',
      headers: { cookie: superadmin.cookie, 'accept-encoding': 'gzip, deflate' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(response.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('keeps only the creators whose e-mail the search finds, in e-mail order, never a plain subscriber', async () => {
    await creator('zz-zoe@cherche.fr', { title: 'Zoé', active: false, videos: 12 });
    await creator('aa-abel@cherche.fr');
    await makeUser(t, { email: 'abonne@cherche.fr', creator: false });
    await creator('ailleurs@autre.fr');
    expect(csvLines(await exportCreators('?q=CHERCHE'))).toEqual([
      'E-mail;Nom;Vidéos;Suspendu',
      'aa-abel@cherche.fr;;0;non',
      'zz-zoe@cherche.fr;Zoé;12;oui',
    ]);
  });

  it('quotes a page title holding ; a quote or a line break, and keeps a would-be formula as text', async () => {
    await creator('a@titres.fr', { title: '=HYPERLINK("http://piege.fr")' });
    await creator('b@titres.fr', { title: 'Dupont; fils' });
    await creator('c@titres.fr', { title: 'Le "vrai"\nnom' });
    await creator('d@titres.fr', { title: '@moi' });
    expect(csvLines(await exportCreators('?q=titres.fr')).slice(1)).toEqual([
      `a@titres.fr;"'=HYPERLINK(""http://piege.fr"")";0;non`,
      'b@titres.fr;"Dupont; fils";0;non',
      'c@titres.fr;"Le ""vrai""\nnom";0;non',
      "d@titres.fr;'@moi;0;non",
    ]);
  });

  it('streams every creator, page by page, in several chunks', async () => {
    const count = 3000;
    const ids = Array.from({ length: count }, (_, index) => `nombreux-${String(index).padStart(4, '0')}`);
    for (let start = 0; start < count; start += 500) {
      const slice = ids.slice(start, start + 500);
      const now = Date.now();
      await t.db
        .insertInto('users')
        .values(
          slice.map((id) => ({
            id,
            email: `${id}@foule.fr`,
            password_hash: 'x',
            is_creator: 1,
            is_superadmin: 0,
            created_at: now,
          })),
        )
        .execute();
      await t.db
        .insertInto('creators')
        .values(
          slice.map((id) => ({ id, email: `${id}@foule.fr`, is_active: 1, is_live: 0, updated_at: now })),
        )
        .execute();
    }
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/creators/export.csv?q=foule.fr',
      headers: { cookie: superadmin.cookie },
      payloadAsStream: true,
    });
    const chunks = await chunksOf(response.stream());
    // A chunk per page of 1,000 rows (the header may travel with the first): never all at once.
    expect(chunks.length).toBeGreaterThanOrEqual(count / EXPORT_PAGE_SIZE);
    const lines = Buffer.concat(chunks).toString('utf8').split('\r\n');
    expect(lines).toHaveLength(count + 2);
    expect(lines.slice(1, -1)).toEqual(ids.map((id) => `${id}@foule.fr;;0;non`));
  });

  it('is the superadmin’s only: a creator gets 403, a visitor 401', async () => {
    const someone = await makeSignedIn(t);
    const refused = await exportCreators('', someone.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(MESSAGES.noAccess);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/creators/export.csv' });
    expect(anonymous.statusCode).toBe(401);
  });
});
