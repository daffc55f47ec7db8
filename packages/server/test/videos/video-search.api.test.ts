import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { searchKey } from '@coulisses/domain/rules/text-search';
import { isPostgres } from '../../src/db/dialect.ts';
import {
  compactSearchIndexes,
  FEW_MATCHES,
  fewCandidateIds,
  SEARCH_INDEXES,
  searchIndexNames,
} from '../../src/db/search-index.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeSignedIn, makeUser, type SignedIn } from '../factories.ts';
import { searchIndexPieces } from '../search-index-pieces.ts';
import { makeLiveCreator, seedVideos } from './video-fixtures.ts';

// Searches answer the same whichever way the search index serves them (db/search-index.ts): the
// ids of a few matches, or the ordered walk for a common word or a short term.

let t: TestApp;
let admin: SignedIn;
let creator: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeSignedIn(t, { superadmin: true });
  creator = await makeLiveCreator(t);
});
afterAll(async () => {
  await t.close();
});

interface VideoPage {
  items: { id: string; title: string }[];
  nextCursor: string | null;
}

/** Every title a search finds, following the cursor to the end, in the order pages give them. */
async function searchAll(
  query: string,
  on: { t: TestApp; admin: SignedIn } = { t, admin },
): Promise<string[]> {
  const titles: string[] = [];
  let after: string | null = null;
  do {
    const cursor: string = after ? `&after=${after}` : '';
    const response = await on.t.app.inject({
      url: `/api/videos?q=${encodeURIComponent(query)}${cursor}`,
      headers: { cookie: on.admin.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<VideoPage>();
    titles.push(...page.items.map((item) => item.title));
    after = page.nextCursor;
  } while (after);
  return titles;
}

/**
 * Seeds a title holding `term` whole and a `decoy` holding only the tiles a search of `term` asks
 * the index for, on a database of its own whose index was never counted: the index finds both,
 * the search answers the whole title alone. A search of a long term counts the index in the
 * background (db/trigram-counts.ts, recountTrigramsSoon), and that count would be done or not at
 * the next search depending on how the reads in between let the loop turn: the tiles asked, and the
 * rows they find, would depend on it.
 */
async function expectTilesFindTheDecoy(term: string, decoy: string) {
  const own = await buildTestApp();
  try {
    const [owner, superadmin] = [await makeLiveCreator(own), await makeSignedIn(own, { superadmin: true })];
    const [whole, decoyId] = await seedVideos(own, owner.id, [`Alphabet ${term}`, decoy]);
    if (!isPostgres(own.db))
      expect((await fewCandidateIds(own.db, SEARCH_INDEXES.videoTitles, term))?.sort()).toEqual(
        [whole!, decoyId!].sort(),
      );
    expect(await searchAll(term.toUpperCase(), { t: own, admin: superadmin })).toEqual([`Alphabet ${term}`]);
  } finally {
    await own.close();
  }
}

/** What a search must find: titles containing the term, by lowercase title. */
function expected(titles: readonly string[], query: string): string[] {
  const term = searchKey(query);
  const byTitle = (a: string, b: string) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1);
  return titles.filter((title) => searchKey(title).includes(term)).sort(byTitle);
}

describe('video search at both ends of the index', () => {
  const common = Array.from(
    { length: FEW_MATCHES + 40 },
    (_, i) => `${String.fromCharCode(97 + (i % 26))} Pâtisserie maison ${String(i).padStart(3, '0')}`,
  );
  const rare = ['Tarte Tatin de Mamie', 'La tarte TATIN revisitée', 'Promo 50% "spéciale" été'];
  const all = [...common, ...rare];

  beforeAll(async () => {
    await seedVideos(t, creator.id, all);
  });

  it('finds every one of a word more common than the index answers, in title order', async () => {
    const found = await searchAll('PATISSERIE');
    expect(found).toHaveLength(FEW_MATCHES + 40);
    expect(found).toEqual(expected(all, 'PATISSERIE'));
  });

  it('finds a rare title anywhere in it, accents and case ignored', async () => {
    expect(await searchAll('tatin')).toEqual(expected(all, 'tatin'));
    expect(await searchAll('TATIN RÉVISITÉE')).toEqual(['La tarte TATIN revisitée']);
    expect(await searchAll('tarte revisitee')).toEqual([]);
  });

  it('takes quotes, percent signs and spaces literally', async () => {
    expect(await searchAll('50% "spe')).toEqual(['Promo 50% "spéciale" été']);
    expect(await searchAll('"')).toEqual(['Promo 50% "spéciale" été']);
    expect(await searchAll('o 5')).toEqual(['Promo 50% "spéciale" été']);
    expect(await searchAll('50%%')).toEqual([]);
  });

  it('answers terms shorter than a trigram', async () => {
    expect(await searchAll('ée')).toEqual(['La tarte TATIN revisitée']);
    expect(await searchAll('z ')).toEqual(expected(all, 'z '));
  });

  it('answers a rare title from the index on SQLite, and leaves common words to the ordered walk', async () => {
    const rareIds = await fewCandidateIds(t.db, SEARCH_INDEXES.videoTitles, 'tarte tatin');
    const commonIds = await fewCandidateIds(t.db, SEARCH_INDEXES.videoTitles, 'patisserie');
    if (isPostgres(t.db)) {
      expect([rareIds, commonIds]).toEqual([undefined, undefined]);
      return;
    }
    expect(rareIds).toHaveLength(2);
    expect(commonIds).toBeUndefined();
  });

  it('answers the ids of as many titles as the index may give, and one more makes the term common', async () => {
    const ids = await seedVideos(
      t,
      creator.id,
      Array.from({ length: FEW_MATCHES }, (_, i) => `Gouache au couteau ${String(i).padStart(3, '0')}`),
    );
    const found = await fewCandidateIds(t.db, SEARCH_INDEXES.videoTitles, 'gouache');
    if (isPostgres(t.db)) {
      expect(found).toBeUndefined();
      return;
    }
    expect(found?.sort()).toEqual([...ids].sort());
    ids.push(...(await seedVideos(t, creator.id, ['Gouache au couteau, la dernière'])));
    expect(await fewCandidateIds(t.db, SEARCH_INDEXES.videoTitles, 'gouache')).toBeUndefined();
    expect(await searchAll('GOUACHE')).toHaveLength(FEW_MATCHES + 1);
    await t.db.deleteFrom('videos').where('id', 'in', ids).execute();
  });

  it('walks a term found common for a while without asking the index, and still finds it whole once rare', async () => {
    const ids = await seedVideos(
      t,
      creator.id,
      Array.from({ length: FEW_MATCHES + 1 }, (_, i) => `Éclairage de studio ${String(i).padStart(3, '0')}`),
    );
    expect(await fewCandidateIds(t.db, SEARCH_INDEXES.videoTitles, 'eclairage')).toBeUndefined();
    await t.db.deleteFrom('videos').where('id', 'in', ids.slice(2)).execute();
    // Rare now, and still walked: the index is not asked again for a minute.
    expect(await fewCandidateIds(t.db, SEARCH_INDEXES.videoTitles, 'eclairage')).toBeUndefined();
    expect(await searchAll('ÉCLAIRAGE')).toEqual(['Éclairage de studio 000', 'Éclairage de studio 001']);
  });

  it('finds a term by the trigrams that tile it, and answers only the titles that hold it whole', async () => {
    // The decoy holds every trigram that tiles the term (abc, def, ghi, jkl, mno, pqr, stu, tuv).
    await expectTilesFindTheDecoy('abcdefghijklmnopqrstuv', 'Leurre tuv stu pqr mno jkl ghi def abc');
  });

  it('asks the index for a very long term by eight of its tiles, spread over it', async () => {
    // Its tiles are abc, def, ghi, jkl, mno, pqr, stu, vwx, yz0, 123: the decoy lacks ghi and vwx.
    await expectTilesFindTheDecoy('abcdefghijklmnopqrstuvwxyz0123', 'Leurre abc def jkl mno pqr stu yz0 123');
  });

  it('answers only the titles holding a long term whole, not its tiles in its order', async () => {
    const term = 'zyxwvutsrqponmlkjihgfed';
    // What PostgreSQL asks its index (db/search-index.ts, orderedTiles): zyx, wvu, ..., hgf in order.
    await seedVideos(t, creator.id, [`Alphabet bis ${term}`, 'Leurre zyx wvu tsr qpo nml kji hgf ed']);
    expect(await searchAll(term)).toEqual([`Alphabet bis ${term}`]);
  });

  it('asks the index for a long term whole when its tiles are in many titles, and still finds it among few', async () => {
    // Every common title holds the tiles of 'maison patisserie' (mai, son, " pa", tis, ser, rie).
    const [only] = await seedVideos(t, creator.id, ['Une maison pâtisserie à Lyon']);
    expect(await searchAll('Maison Pâtisserie')).toEqual(['Une maison pâtisserie à Lyon']);
    if (isPostgres(t.db)) return;
    expect(await fewCandidateIds(t.db, SEARCH_INDEXES.videoTitles, 'maison patisserie')).toEqual([only]);
  });

  it('follows titles as they change and videos as they go', async () => {
    const [renamed, removed] = await seedVideos(t, creator.id, ['Quiche lorraine', 'Quiche aux poireaux']);
    await t.db
      .updateTable('videos')
      .set({ title: 'Flan pâtissier', title_lowercase: 'flan pâtissier', title_search: 'flan patissier' })
      .where('id', '=', renamed!)
      .execute();
    await t.db.deleteFrom('videos').where('id', '=', removed!).execute();
    expect(await searchAll('quiche')).toEqual([]);
    expect(await searchAll('flan pat')).toEqual(['Flan pâtissier']);
  });

  it('keeps following them after the database is compacted', async (context) => {
    if (isPostgres(t.db)) context.skip();
    const [kept, removed] = await seedVideos(t, creator.id, ['Crumble pomme', 'Crumble poire']);
    await sql`vacuum`.execute(t.db);
    await t.db.deleteFrom('videos').where('id', '=', removed!).execute();
    await t.db
      .updateTable('videos')
      .set({ title_search: 'crumble abricot' })
      .where('id', '=', kept!)
      .execute();
    expect(await searchAll('crumble po')).toEqual([]);
    expect(await searchAll('abricot')).toEqual(['Crumble pomme']);
  });
});

describe('the index after a bulk load', () => {
  const segments = () => searchIndexPieces(t.db, SEARCH_INDEXES.videoTitles);

  it('is merged into one piece, and still answers and follows changes', async (context) => {
    if (isPostgres(t.db)) context.skip();
    const [kept] = await seedVideos(t, creator.id, ['Galette des rois']);
    await seedVideos(t, creator.id, ['Galette bretonne']);
    expect(await segments()).toBeGreaterThan(1);
    await compactSearchIndexes(t.db);
    expect(await segments()).toBe(1);
    expect(await searchAll('galette')).toEqual(['Galette bretonne', 'Galette des rois']);
    await t.db.deleteFrom('videos').where('id', '=', kept!).execute();
    expect(await searchAll('galette')).toEqual(['Galette bretonne']);
  });

  it('counts its trigrams, then asks it for the rarest tiles of a long term, rows written since included', async (context) => {
    if (isPostgres(t.db)) context.skip();
    const term = 'qaxqbxqcxqdxqexqfxqgxqhx';
    // Tiles qax, qbx, ..., qhx: all but qhx are counted; qhx comes with the rows written after.
    await seedVideos(t, creator.id, ['Commun qax qbx qcx qdx qex qfx qgx']);
    await compactSearchIndexes(t.db);
    const names = searchIndexNames(SEARCH_INDEXES.videoTitles);
    const lastRow = async () =>
      (await sql<{ row: number }>`select max(row) as row from ${sql.table(names.rows)}`.execute(t.db))
        .rows[0]!.row;
    const { rows: counted } = await sql<{ trigram: string; rows: number }>`
      select trigram, rows from search_trigram_counts
      where search_index = ${names.index} and trigram in ('', 'qax', 'qhx')
      order by trigram`.execute(t.db);
    expect(counted).toEqual([
      { trigram: '', rows: await lastRow() },
      { trigram: 'qax', rows: 1 },
    ]);

    const [whole, decoy] = await seedVideos(t, creator.id, [`Rare ${term}`, 'Leurre qhx']);
    // The tile no row held when counted is the rarest: asked alone, it finds the decoy too.
    expect((await fewCandidateIds(t.db, SEARCH_INDEXES.videoTitles, term))?.sort()).toEqual(
      [whole!, decoy!].sort(),
    );
    expect(await searchAll(term)).toEqual([`Rare ${term}`]);

    // Once the index has more than doubled since, the count is stale: eight tiles spread over the
    // term are asked again, and the decoy is not among the rows.
    const rowsNow = await lastRow();
    await seedVideos(
      t,
      creator.id,
      Array.from({ length: rowsNow + 1 }, (_, index) => `Remplissage ${index}`),
    );
    expect(await fewCandidateIds(t.db, SEARCH_INDEXES.videoTitles, term)).toEqual([whole!]);
    expect(await searchAll(term)).toEqual([`Rare ${term}`]);
  });
});

describe('discount and subscriber searches through the index', () => {
  it('finds a rare e-mail and a rare discount title', async () => {
    const subscriber = await makeUser(t, { email: 'unique-visiteuse@index.fr', creator: false });
    const users = await t.app.inject({ url: '/api/users?q=VISITEUSE@', headers: { cookie: admin.cookie } });
    expect(users.json<{ items: { id: string }[] }>().items.map((user) => user.id)).toEqual([subscriber.id]);

    await t.db
      .insertInto('discounts')
      .values({
        id: 'remise-indexee',
        title: 'Remise Éphémère',
        title_lowercase: 'remise éphémère',
        title_search: 'remise ephemere',
        link: 'https://exemple.fr',
        code: 'EPHEMERE',
        start_date: Date.UTC(2026, 0, 1),
        end_date: Date.UTC(2026, 11, 31),
        image_url: 'discount_images/remise.jpg',
        created_at: Date.now(),
      })
      .execute();
    const discounts = await t.app.inject({
      url: '/api/discounts?q=ephem',
      headers: { cookie: admin.cookie },
    });
    expect(discounts.json<{ items: { id: string }[] }>().items.map((discount) => discount.id)).toEqual([
      'remise-indexee',
    ]);
  });
});
