import { PAGE_SIZE } from '@coulisses/domain/constants/limits';
import { assistantScriptRefusal } from '@coulisses/domain/rules/assistant-script';
import { parisCalendarDay } from '@coulisses/domain/rules/discount-dates';
import type { PublicCreator, PublicVideo } from '@coulisses/domain/schemas/public-api';
import type { AppContext } from '../../context.ts';
import { toBool } from '../../lib/booleans.ts';
import { decodeCursor, pageByTitle, toPage } from '../../lib/keyset.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { Storage } from '../../lib/storage.ts';
import {
  findCategories,
  findCurrentDiscount,
  findContentVersion,
  findCurrentDiscounts,
  findListedVideos,
  findVisibleCreator,
  findVisibleCreators,
  findVisibleVideo,
  findVisibleVideos,
} from './catalogue.repository.ts';
import { categoryIdsFrom } from '../categories/categories.service.ts';

/** Turns stored keys into absolute URLs for the app; an empty key stays empty. */
export type AbsoluteUrl = (key: string) => string;

/** A path that resolves to itself against an origin: nothing in it to escape or to normalise. */
const PLAIN_PATH = /^(?:\/[\w-][\w.-]*)+$/;

export function absoluteUrls(storage: Storage, base: string): AbsoluteUrl {
  const { origin } = new URL(base);
  return (key) => {
    if (!key) return '';
    const url = storage.urlFor(key);
    // Our own files' paths are joined to the origin rather than parsed: a page of fifty videos
    // has a hundred images, and parsing one took 1 µs.
    return PLAIN_PATH.test(url) ? `${origin}${url}` : new URL(url, base).href;
  };
}

type VideoRow = Awaited<ReturnType<typeof findVisibleVideos>>[number];

function toPublicVideos(rows: VideoRow[], url: AbsoluteUrl): PublicVideo[] {
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    title_lowercase: row.title_lowercase,
    video_url: row.video_url,
    hor_img_url: url(row.hor_img_url),
    ver_img_url: url(row.ver_img_url),
    categories: categoryIdsFrom(row.category_ids),
    creatorId: row.creator_id,
    is_active: true,
    comment_count: Number(row.comment_count),
  }));
}

export async function listVideos(
  context: AppContext,
  url: AbsoluteUrl,
  query: { category?: string; creator?: string; after?: string },
) {
  const rows = await findVisibleVideos(
    context.db,
    { ...query, after: decodeCursor(query.after, 2) },
    PAGE_SIZE,
  );
  const page = pageByTitle(rows, PAGE_SIZE);
  return { items: toPublicVideos(page.items, url), nextCursor: page.nextCursor };
}

export async function getVideo(context: AppContext, url: AbsoluteUrl, id: string) {
  const row = await findVisibleVideo(context.db, id);
  if (!row) throw new NotFoundError('Vidéo introuvable.');
  const [video] = toPublicVideos([row], url);
  return video!;
}

export async function listCuratedVideos(context: AppContext, url: AbsoluteUrl, list: 'featured' | 'latest') {
  return { items: toPublicVideos(await findListedVideos(context.db, list), url) };
}

type CreatorRow = Awaited<ReturnType<typeof findVisibleCreators>>[number];

function toPublicCreator(row: CreatorRow, url: AbsoluteUrl, scriptHosts: readonly string[]): PublicCreator {
  return {
    id: row.id,
    title: row.title,
    bio: row.bio,
    hor_img_url: url(row.hor_img_url),
    ver_img_url: url(row.ver_img_url),
    home_video_url: row.home_video_url,
    facebook_url: row.facebook_url,
    instagram_url: row.instagram_url,
    youtube_url: row.youtube_url,
    tiktok_url: row.tiktok_url,
    linkedin_url: row.linkedin_url,
    email: toBool(row.email_visible) ? row.email : null,
    // A script saved before the policy, or allowed by hosts since removed, is never handed to the app.
    lebavard_url: assistantScriptRefusal(row.lebavard_url, scriptHosts) === null ? row.lebavard_url : '',
  };
}

export async function listCreators({ db, config }: AppContext, url: AbsoluteUrl, after: string | undefined) {
  const rows = await findVisibleCreators(db, decodeCursor(after, 2), PAGE_SIZE);
  return toPage(
    rows,
    PAGE_SIZE,
    (row) => [row.title, row.id],
    (row) => toPublicCreator(row, url, config.assistantScriptHosts),
  );
}

export async function getCreator({ db, config }: AppContext, url: AbsoluteUrl, id: string) {
  const row = await findVisibleCreator(db, id);
  if (!row) throw new NotFoundError('Créateur introuvable.');
  return toPublicCreator(row, url, config.assistantScriptHosts);
}

export async function listCategories({ db }: AppContext, kind: 'video' | 'discount') {
  return { items: await findCategories(db, kind === 'video' ? 'video_categories' : 'discount_categories') };
}

export async function listCurrentDiscounts(
  context: AppContext,
  url: AbsoluteUrl,
  query: { category?: string; after?: string },
) {
  const rows = await findCurrentDiscounts(
    context.db,
    { category: query.category, after: decodeCursor(query.after, 2) },
    parisCalendarDay(Date.now()),
    PAGE_SIZE,
  );
  const page = pageByTitle(rows, PAGE_SIZE);
  return {
    // Each field named: a row spread into the answer took 2 µs more a discount
    // (docs/decisions/041-objects-built-once.md).
    items: page.items.map((row) => ({
      id: row.id,
      title: row.title,
      title_lowercase: row.title_lowercase,
      link: row.link,
      code: row.code,
      start_date: Number(row.start_date),
      end_date: Number(row.end_date),
      image_url: url(row.image_url),
      categories: categoryIdsFrom(row.category_ids),
    })),
    nextCursor: page.nextCursor,
  };
}

/** The creator behind a video the app may show, or undefined when it is unknown or hidden. */
export async function findVisibleVideoCreator({ db }: AppContext, videoId: string) {
  return (await findVisibleVideo(db, videoId))?.creator_id;
}

/** Whether the creator's page is one the app may show. */
export async function isVisibleCreator({ db }: AppContext, creatorId: string): Promise<boolean> {
  return !!(await findVisibleCreator(db, creatorId));
}

/** Whether the discount is one the app shows at `now`: running on that French calendar day. */
export async function isCurrentDiscount({ db }: AppContext, id: string, now: number): Promise<boolean> {
  return !!(await findCurrentDiscount(db, id, parisCalendarDay(now)));
}

/** Where the app's content stands: the number moves with every change of it, counts aside. */
export async function contentVersion({ db }: AppContext): Promise<number> {
  return findContentVersion(db);
}
