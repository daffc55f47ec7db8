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

/** `count` subscribers `<name>-0000@<domain>` onwards, written straight to the table in batches. */
async function addSubscribers(name: string, domain: string, count: number) {
  const now = Date.now();
  for (let start = 0; start < count; start += 500) {
    await t.db
      .insertInto('users')
      .values(
        Array.from({ length: Math.min(500, count - start) }, (_, index) => ({
          id: `${name}-${start + index}`,
          email: `${name}-${String(start + index).padStart(4, '0')}@${domain}`,
          password_hash: 'x',
          is_creator: 0,
          is_superadmin: 0,
          created_at: now,
        })),
      )
      .execute();
  }
}

const exportUsers = (query = '', cookie = superadmin.cookie) =>
  t.app.inject({ method: 'GET', url: `/api/users/export.csv${query}`, headers: { cookie } });

describe('GET /api/users/export.csv', () => {
  it('sends a UTF-8 CSV download for a French spreadsheet: BOM, French headers, ; and CRLF', async () => {
    const response = await exportUsers(`?q=${encodeURIComponent(superadmin.email)}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(CSV_CONTENT_TYPE);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${todaysFile('abonnes')}"`);
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(response.body).toBe(`\uFEFFE-mail;Créateur;Superadmin\r\n${superadmin.email};oui;oui\r\n`);
  });

  it('keeps only the e-mails the search finds, in e-mail order, like the list', async () => {
    await makeUser(t, { email: 'zz-zoe@export.fr', creator: false });
    await makeUser(t, { email: 'aa-abel@export.fr', creator: true });
    await makeUser(t, { email: 'ailleurs@autre.fr', creator: false });
    const lines = csvLines(await exportUsers('?q=EXPORT.fr'));
    expect(lines).toEqual([
      'E-mail;Créateur;Superadmin',
      'aa-abel@export.fr;oui;non',
      'zz-zoe@export.fr;non;non',
    ]);
  });

  it('quotes a cell holding ; or a quote and keeps a would-be formula as text', async () => {
    // Addresses a spreadsheet would misread, written straight to the table as an import could.
    await t.db
      .insertInto('users')
      .values(
        ['=cmd@piege.fr', '-moins@piege.fr', 'point;virgule@piege.fr', '"guillemet"@piege.fr'].map(
          (email, index) => ({
            id: `piege-${index}`,
            email,
            password_hash: 'x',
            is_creator: 0,
            is_superadmin: 0,
            created_at: Date.now(),
          }),
        ),
      )
      .execute();
    expect(csvLines(await exportUsers('?q=piege.fr')).slice(1)).toEqual([
      '"""guillemet""@piege.fr";non;non',
      "'-moins@piege.fr;non;non",
      "'=cmd@piege.fr;non;non",
      '"point;virgule@piege.fr";non;non',
    ]);
  });

  it('streams every row, page by page, in several chunks', async () => {
    const count = 3000;
    await addSubscribers('masse', 'beaucoup.fr', count);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/users/export.csv?q=beaucoup.fr',
      headers: { cookie: superadmin.cookie },
      payloadAsStream: true,
    });
    const chunks = await chunksOf(response.stream());
    // A chunk per page of 1,000 rows (the header may travel with the first): never all at once.
    expect(chunks.length).toBeGreaterThanOrEqual(count / EXPORT_PAGE_SIZE);
    const lines = Buffer.concat(chunks).toString('utf8').split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(count + 2);
    expect(lines[1]).toBe('masse-0000@beaucoup.fr;non;non');
    expect(lines[count]).toBe('masse-2999@beaucoup.fr;non;non');
    expect(new Set(lines).size).toBe(count + 2);
  });

  it('comes compressed to a client that accepts it, the same CSV once inflated', async () => {
    await addSubscribers('serre', 'compresse.fr', 1000);
    const search = '?q=compresse.fr';
    const plain = await exportUsers(search);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    const inflate = { gzip: zlib.gunzipSync, br: zlib.brotliDecompressSync };
    for (const [encoding, inflated] of Object.entries(inflate)) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/users/export.csv${search}`,
        headers: { cookie: superadmin.cookie, 'accept-encoding': `${encoding}, deflate` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toBe(CSV_CONTENT_TYPE);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
      expect(inflated(response.rawPayload).toString('utf8')).toBe(plain.body);
    }
  });

  it('is the superadmin’s only: a creator gets 403, a visitor 401', async () => {
    const creator = await makeSignedIn(t);
    const refused = await exportUsers('', creator.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(MESSAGES.noAccess);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/users/export.csv' });
    expect(anonymous.statusCode).toBe(401);
  });
});
