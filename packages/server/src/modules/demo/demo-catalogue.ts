import { searchKey } from '@coulisses/domain/rules/text-search';
import { newId } from '../../lib/ids.ts';
import type { DemoImages } from './demo-images.ts';
import {
  between,
  DAY_MS,
  discountDays,
  discountState,
  pick,
  videoTitle,
  type DemoSize,
  type Random,
} from './demo-plan.ts';
import type {
  NewCategory,
  NewCreator,
  NewDiscount,
  NewDiscountLink,
  NewUser,
  NewVideo,
  NewVideoLink,
} from './demo.repository.ts';
import { DISCOUNT_THEMES, FIRST_NAMES, LAST_NAMES, PUBLISHING_DAYS, VIDEO_THEMES } from './demo-words.ts';

/*
 * The rows of the demo catalogue, built a batch at a time: 100,000 of them never sit in memory at
 * once.
 */

export interface CatalogueInput {
  size: DemoSize;
  creators: number;
  random: Random;
  images: DemoImages;
  now: number;
  batchSize: number;
}

/** The two accounts a newcomer signs in with, owners of the first two pages. */
export const SIGN_IN_ACCOUNTS = [
  { email: 'admin@coulisses.local', superadmin: true },
  { email: 'createur@coulisses.local', superadmin: false },
] as const;

const slug = (text: string) => searchKey(text).replace(/[^a-z0-9]+/g, '');
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const VIDEO_ID_LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'];

/** A well-formed link to no real video: the back-office then shows the video's own image. */
function youtubeLink(random: Random): string {
  const id = Array.from({ length: 11 }, () => pick(random, VIDEO_ID_LETTERS)).join('');
  return `https://www.youtube.com/watch?v=${id}`;
}

export function categoryRows(names: readonly string[], now: number): NewCategory[] {
  return names.map((name) => ({ id: newId(), name, name_key: searchKey(name), created_at: now }));
}

/** How many videos the i-th creator gets when video v goes to creator v mod count. */
function videosOfCreator(index: number, { size, creators }: CatalogueInput): number {
  return Math.floor(size.videos / creators) + (index < size.videos % creators ? 1 : 0);
}

/** The creators, published and active, one theme each in turn; their password hashes are given. */
export function creatorRows(input: CatalogueInput, hashes: { signIn: string; nobody: string }) {
  const { random, images, now } = input;
  const users: NewUser[] = [];
  const creators: NewCreator[] = [];
  for (let i = 0; i < input.creators; i += 1) {
    const theme = VIDEO_THEMES[i % VIDEO_THEMES.length]!;
    // Up to 200 creators, no two pages share a title and no two accounts an e-mail.
    const first = FIRST_NAMES[(i + Math.floor(i / FIRST_NAMES.length)) % FIRST_NAMES.length]!;
    const last = LAST_NAMES[i % LAST_NAMES.length]!;
    const account = SIGN_IN_ACCOUNTS[i];
    const id = newId();
    const email = account?.email ?? `${slug(first)}.${slug(last)}@exemple.fr`;
    const handle = `${slug(first)}_${slug(theme.category)}_demo`;
    const views = videosOfCreator(i, input) * between(random, 150, 2500) + between(random, 300, 5000);
    users.push({
      id,
      email,
      password_hash: account ? hashes.signIn : hashes.nobody,
      pseudonym: null,
      is_creator: 1,
      is_superadmin: account?.superadmin ? 1 : 0,
      total_views: 0,
      total_clicks: 0,
      terms_accepted_at: null,
      created_at: now - between(random, 60, 700) * DAY_MS,
    });
    creators.push({
      id,
      title: theme.pageTitle(first),
      bio: `Moi, c’est ${first} ${last}. ${theme.bio}\nUne nouvelle vidéo chaque ${pick(random, PUBLISHING_DAYS)}, à très vite !`,
      email,
      hor_img_url: images.pages[i % VIDEO_THEMES.length]!.horizontal,
      ver_img_url: images.pages[i % VIDEO_THEMES.length]!.vertical,
      facebook_url: i % 3 === 0 ? `https://www.facebook.com/${handle}` : '',
      instagram_url: `https://www.instagram.com/${handle}`,
      youtube_url: `https://www.youtube.com/@${handle}`,
      tiktok_url: i % 2 === 0 ? `https://www.tiktok.com/@${handle}` : '',
      linkedin_url: '',
      home_video_url: youtubeLink(random),
      email_visible: i % 3 === 1 ? 1 : 0,
      lebavard_url: '',
      is_live: 1,
      is_active: 1,
      total_views: views,
      total_clicks: Math.round((views * between(random, 2, 8)) / 100),
      updated_at: now,
    });
  }
  return { users, creators };
}

/** Video v belongs to creator v mod count, in its theme; created in order over the past year. */
export function* videoBatches(
  input: CatalogueInput,
  creatorIds: readonly string[],
  categoryIds: readonly string[],
): Generator<{ first: number; videos: NewVideo[]; links: NewVideoLink[] }> {
  const { size, random, images, now, batchSize } = input;
  const span = 365 * DAY_MS;
  const step = Math.floor(span / Math.max(1, size.videos));
  const perTheme = VIDEO_THEMES.map(() => 0);
  for (let first = 0; first < size.videos; first += batchSize) {
    const videos: NewVideo[] = [];
    const links: NewVideoLink[] = [];
    for (let v = first; v < Math.min(size.videos, first + batchSize); v += 1) {
      const creator = v % creatorIds.length;
      const theme = creator % VIDEO_THEMES.length;
      const n = perTheme[theme]!;
      perTheme[theme] = n + 1;
      const title = videoTitle(VIDEO_THEMES[theme]!, n, theme);
      const pictures = images.videos[theme]!;
      const id = newId();
      videos.push({
        id,
        title,
        title_lowercase: title.toLowerCase(),
        title_search: searchKey(title),
        hor_img_url: pictures.horizontal[n % pictures.horizontal.length]!,
        ver_img_url: pictures.vertical[(n + 1) % pictures.vertical.length]!,
        video_url: youtubeLink(random),
        creator_id: creatorIds[creator]!,
        created_at: now - span + v * step,
      });
      links.push({ video_id: id, category_id: categoryIds[theme]! });
      if (random() < 0.25) {
        const other = (theme + between(random, 1, VIDEO_THEMES.length - 1)) % VIDEO_THEMES.length;
        links.push({ video_id: id, category_id: categoryIds[other]! });
      }
    }
    yield { first, videos, links };
  }
}

/** Discounts from invented shops: running, over and upcoming ones (demo-plan.ts discountState). */
export function* discountBatches(
  input: CatalogueInput,
  categoryIds: readonly string[],
  today: number,
): Generator<{ discounts: NewDiscount[]; links: NewDiscountLink[] }> {
  const { size, random, images, now, batchSize } = input;
  for (let first = 0; first < size.discounts; first += batchSize) {
    const discounts: NewDiscount[] = [];
    const links: NewDiscountLink[] = [];
    for (let d = first; d < Math.min(size.discounts, first + batchSize); d += 1) {
      const theme = d % DISCOUNT_THEMES.length;
      const { shops, offers } = DISCOUNT_THEMES[theme]!;
      const k = Math.floor(d / DISCOUNT_THEMES.length);
      const shop = shops[k % shops.length]!;
      const round = Math.floor(k / (shops.length * offers.length));
      const offer = offers[(k + Math.floor(k / shops.length)) % offers.length]!;
      const title = `${shop} : ${offer}${round > 0 ? ` (édition ${round + 1})` : ''}`;
      const state = discountState(d);
      const days = discountDays(state, today, random);
      const views = state === 'upcoming' ? 0 : between(random, 50, state === 'past' ? 9000 : 4000);
      const id = newId();
      discounts.push({
        id,
        title,
        title_lowercase: title.toLowerCase(),
        title_search: searchKey(title),
        link: `https://${slug(shop)}.exemple.fr/coulisses`,
        code: d % 4 === 3 ? '' : `${slug(shop.split(' ').at(-1)!).toUpperCase()}${5 * between(random, 2, 6)}`,
        ...days,
        image_url: images.discounts[d % images.discounts.length]!,
        views,
        clicks: Math.round((views * between(random, 4, 15)) / 100),
        created_at: Math.min(now, days.start_date - between(random, 1, 10) * DAY_MS),
      });
      links.push({ discount_id: id, category_id: categoryIds[theme]! });
      if (random() < 0.2) {
        const other = (theme + between(random, 1, DISCOUNT_THEMES.length - 1)) % DISCOUNT_THEMES.length;
        links.push({ discount_id: id, category_id: categoryIds[other]! });
      }
    }
    yield { discounts, links };
  }
}

/** Subscribers of the app; `counters` give each one's own views and clicks. */
export function* subscriberBatches(
  input: CatalogueInput,
  passwordHash: string,
  counters: { views: () => number; clicks: () => number },
): Generator<NewUser[]> {
  const { size, random, now, batchSize } = input;
  for (let first = 0; first < size.subscribers; first += batchSize) {
    const users: NewUser[] = [];
    for (let s = first; s < Math.min(size.subscribers, first + batchSize); s += 1) {
      const firstName = pick(random, FIRST_NAMES);
      const last = pick(random, LAST_NAMES);
      const joined = now - between(random, 0, 365) * DAY_MS - between(random, 0, DAY_MS);
      users.push({
        id: newId(),
        // The number keeps e-mails unique and apart from the creators', which have none.
        email: `${slug(firstName)}.${slug(last)}${s + 1}@exemple.fr`,
        password_hash: passwordHash,
        pseudonym:
          random() < 0.5 ? `${capitalise(slug(firstName))}${(s + 1) % 100}` : `${firstName} ${last[0]}.`,
        is_creator: 0,
        is_superadmin: 0,
        total_views: counters.views(),
        total_clicks: counters.clicks(),
        terms_accepted_at: joined,
        created_at: joined,
      });
    }
    yield users;
  }
}
