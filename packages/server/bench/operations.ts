import { sql, type RawBuilder } from 'kysely';
import { signInAs } from '../test/server-process.ts';
import { discountForm } from '../test/discounts/discount-fixtures.ts';
import { videoForm } from '../test/videos/video-fixtures.ts';
import { openCatalogue, type Catalogue } from './catalogue.ts';
import { photo } from './photo.ts';

export type Caller = 'visitor' | 'superadmin' | 'creator';

export interface Operation {
  label: string;
  url: string;
  caller: Caller;
  /** What the issue asks of it, shown beside the figures. */
  target: string;
}

const LIST_TARGET = '≤ 3× plancher';
export const SEARCH_TARGET = 'p99 < 25 ms';

function mostFrequent(values: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}

/** The most frequent word of four letters or more among some search keys. */
function commonWord(keys: readonly string[]): string {
  return mostFrequent(keys.flatMap((key) => key.split(/[^a-z]+/).filter((word) => word.length >= 4)));
}

const domainOf = (email: string) => email.slice(email.indexOf('@') + 1);

/**
 * Every list and page read of the issue, and the searches for a common word and a rare title,
 * with their parameters taken from the catalogue (a category, a creator, a cursor 200 pages on).
 */
export async function benchOperations(
  base: string,
  catalogue: Catalogue,
  cookies: { superadmin: string; creator: string },
): Promise<Operation[]> {
  const database = openCatalogue(catalogue);
  const column = async (query: RawBuilder<Record<string, string>>) =>
    (await query.execute(database.db)).rows.map((row) => String(Object.values(row)[0]));
  const videoKeys = await column(sql`select title_search from videos order by id limit 5000`);
  const videoCategory = (await column(sql`select id from video_categories order by id limit 1`))[0]!;
  const discountKeys = await column(sql`select title_search from discounts order by id limit 2000`);
  const discountCategory = (await column(sql`select id from discount_categories order by id limit 1`))[0]!;
  const leastFrequentDiscount = (
    await column(
      sql`select title_search from discounts group by title_search order by count(*), title_search limit 1`,
    )
  )[0]!;
  const emails = await column(sql`select email from users order by email`);
  const commonDomain = mostFrequent(emails.map(domainOf));
  // The first subscriber in e-mail order, the same at every demo load: the first by id changed
  // with the ids each load draws, and with it the e-mail's trigrams and the search's cost (on
  // PostgreSQL, 2,684 to 3,248 answers a second under 50 clients for two of them).
  const rareEmail = emails.find((email) => domainOf(email) === commonDomain)!;
  const category = (
    await column(
      sql`select category_id from video_category_links group by category_id order by count(*) desc limit 1`,
    )
  )[0]!;
  const creator = (await column(sql`select id from creators where is_live = 1 order by id limit 1`))[0]!;
  await database.close();

  // The cursor 200 pages on, or of the last page on a smaller catalogue.
  let cursor = '';
  let pages = 0;
  for (; pages < 200; pages += 1) {
    const response = await fetch(`${base}/api/public/videos${cursor ? `?after=${cursor}` : ''}`);
    const next = ((await response.json()) as { nextCursor: string | null }).nextCursor;
    if (!next) break;
    cursor = next;
  }
  // Demo titles repeat, so the rare title is one the bench adds, as a creator would.
  const rareVideo = 'Rencontre avec Zéphyrine Quatrebarbes';
  await addVideo(base, cookies.creator, rareVideo, videoCategory);
  // The demo's least frequent discount title is also in its later editions' titles, which a search
  // finds anywhere in a title: a rare title is one the bench adds, as for the videos.
  const rareDiscount = 'Zéphyrine Quatrebarbes : -30 % sur les ateliers';
  await addDiscount(base, cookies.superadmin, rareDiscount, discountCategory);
  const q = (term: string) => encodeURIComponent(term);
  const editionsFound = await fetch(`${base}/api/discounts?q=${q(leastFrequentDiscount)}`, {
    headers: { cookie: cookies.superadmin },
  });
  const editions = ((await editionsFound.json()) as { items: unknown[] }).items.length;
  return [
    { label: 'app : vidéos, 1re page', url: '/api/public/videos', caller: 'visitor', target: LIST_TARGET },
    {
      label: 'app : vidéos, page 200 (curseur)',
      url: `/api/public/videos?after=${cursor}`,
      caller: 'visitor',
      target: LIST_TARGET,
    },
    {
      label: "app : vidéos d'une catégorie",
      url: `/api/public/videos?category=${category}`,
      caller: 'visitor',
      target: LIST_TARGET,
    },
    {
      label: "app : vidéos d'un créateur",
      url: `/api/public/videos?creator=${creator}`,
      caller: 'visitor',
      target: LIST_TARGET,
    },
    { label: 'app : à la une', url: '/api/public/featured-videos', caller: 'visitor', target: LIST_TARGET },
    {
      label: 'app : dernières vidéos',
      url: '/api/public/latest-videos',
      caller: 'visitor',
      target: LIST_TARGET,
    },
    { label: 'app : créateurs', url: '/api/public/creators', caller: 'visitor', target: LIST_TARGET },
    { label: 'app : discounts', url: '/api/public/discounts', caller: 'visitor', target: LIST_TARGET },
    {
      label: 'back-office : toutes les vidéos',
      url: '/api/videos',
      caller: 'superadmin',
      target: LIST_TARGET,
    },
    { label: 'back-office : mes vidéos', url: '/api/videos/mine', caller: 'creator', target: LIST_TARGET },
    { label: 'back-office : abonnés', url: '/api/users', caller: 'superadmin', target: LIST_TARGET },
    { label: 'back-office : créateurs', url: '/api/creators', caller: 'superadmin', target: LIST_TARGET },
    { label: 'back-office : discounts', url: '/api/discounts', caller: 'superadmin', target: LIST_TARGET },
    {
      label: 'back-office : statistiques',
      url: '/api/stats/dashboard',
      caller: 'superadmin',
      target: 'p99 < 10 ms',
    },
    {
      label: `recherche vidéos, mot courant « ${commonWord(videoKeys)} »`,
      url: `/api/videos?q=${q(commonWord(videoKeys))}`,
      caller: 'superadmin',
      target: SEARCH_TARGET,
    },
    {
      label: 'recherche vidéos, titre rare',
      url: `/api/videos?q=${q(rareVideo)}`,
      caller: 'superadmin',
      target: SEARCH_TARGET,
    },
    {
      label: `recherche discounts, mot courant « ${commonWord(discountKeys)} »`,
      url: `/api/discounts?q=${q(commonWord(discountKeys))}`,
      caller: 'superadmin',
      target: SEARCH_TARGET,
    },
    {
      label: 'recherche discounts, titre rare',
      url: `/api/discounts?q=${q(rareDiscount)}`,
      caller: 'superadmin',
      target: SEARCH_TARGET,
    },
    {
      label: `recherche discounts, titre repris dans ${editions} discounts`,
      url: `/api/discounts?q=${q(leastFrequentDiscount)}`,
      caller: 'superadmin',
      target: SEARCH_TARGET,
    },
    {
      label: `recherche abonnés, domaine courant « ${commonDomain} »`,
      url: `/api/users?q=${q(commonDomain)}`,
      caller: 'superadmin',
      target: SEARCH_TARGET,
    },
    {
      label: 'recherche abonnés, e-mail rare',
      url: `/api/users?q=${q(rareEmail)}`,
      caller: 'superadmin',
      target: SEARCH_TARGET,
    },
  ];
}

export interface BenchSession {
  operations: Operation[];
  cookies: Record<Caller, string | undefined>;
  headers: (caller: Caller) => Record<string, string>;
}

/** The operations, and a signed-in session for each kind of caller. */
export async function benchSession(base: string, catalogue: Catalogue): Promise<BenchSession> {
  const cookies: Record<Caller, string | undefined> = {
    visitor: undefined,
    superadmin: await signInAs(base, catalogue.superadmin),
    creator: await signInAs(base, catalogue.creator),
  };
  return {
    operations: await benchOperations(base, catalogue, {
      superadmin: cookies.superadmin!,
      creator: cookies.creator!,
    }),
    cookies,
    headers: (caller): Record<string, string> => {
      const cookie = cookies[caller];
      return cookie ? { cookie } : {};
    },
  };
}

let photos: Promise<[Buffer, Buffer]> | undefined;

/**
 * Adds a video through the API with two real photos, as the back-office form does: `images`, or a
 * horizontal and a vertical one of 1.7 megapixels.
 */
export async function addVideo(
  base: string,
  cookie: string,
  title: string,
  category: string,
  images?: Promise<[Buffer, Buffer]>,
) {
  const [horizontal, vertical] = await (images ??
    (photos ??= Promise.all([photo(1600, 1067), photo(1067, 1600)])));
  const form = videoForm({
    title,
    link: 'https://youtu.be/dQw4w9WgXcQ',
    categories: [category],
    horizontal,
    vertical,
  });
  const response = await fetch(`${base}/api/videos`, { method: 'POST', headers: { cookie }, body: form });
  const body = (await response.json()) as { id?: string };
  return { status: response.status, id: body.id };
}

/** Adds a discount through the API with a real photo, as the superadmin's form does. */
async function addDiscount(base: string, cookie: string, title: string, category: string) {
  const form = discountForm(
    {
      title,
      link: 'https://exemple.fr/ateliers',
      start_date: '2026-06-01',
      end_date: '2026-12-31',
      categories: [category],
    },
    await photo(900, 600),
    'promo.jpg',
  );
  const response = await fetch(`${base}/api/discounts`, { method: 'POST', headers: { cookie }, body: form });
  if (response.status !== 201) throw new Error(`Ajout du discount rare : ${response.status}`);
}
