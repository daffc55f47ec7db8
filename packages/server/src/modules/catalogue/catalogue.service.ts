import { PAGE_SIZE } from '@coulisses/domain/constants/limits';
import { parisCalendarDay } from '@coulisses/domain/rules/discount-dates';
import type { PublicCreator, PublicVideo } from '@coulisses/domain/schemas/public-api';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { toBool } from '../../lib/booleans.ts';
import { decodeCursor, toPage } from '../../lib/keyset.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { Storage } from '../../lib/storage.ts';
import {
  findCategories,
  findCurrentDiscount,
  findCurrentDiscounts,
  findDiscountCategoryIds,
  findListedVideos,
  findVideoCategoryIds,
  findVisibleCreator,
  findVisibleCreators,
  findVisibleVideo,
  findVisibleVideos,
} from './catalogue.repository.ts';

/** Turns stored keys into absolute URLs for the app; an empty key stays empty. */
export type AbsoluteUrl = (key: string) => string;

export function absoluteUrls(storage: Storage, origin: string): AbsoluteUrl {
  return (key) => (key ? new URL(storage.urlFor(key), origin).href : '');
}

type VideoRow = Awaited<ReturnType<typeof findVisibleVideos>>[number];

async function toPublicVideos(db: Database, rows: VideoRow[], url: AbsoluteUrl): Promise<PublicVideo[]> {
  const categories = await findVideoCategoryIds(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    title_lowercase: row.title_lowercase,
    video_url: row.video_url,
    hor_img_url: url(row.hor_img_url),
    ver_img_url: url(row.ver_img_url),
    categories: categories.get(row.id) ?? [],
    creatorId: row.creator_id,
    is_active: true,
  }));
}

export async function listVideos(
  { db }: AppContext,
  url: AbsoluteUrl,
  query: { category?: string; creator?: string; after?: string },
) {
  const rows = await findVisibleVideos(db, { ...query, after: decodeCursor(query.after, 2) }, PAGE_SIZE);
  const page = toPage(
    rows,
    PAGE_SIZE,
    (row) => [row.title_lowercase, row.id],
    (row) => row,
  );
  return { items: await toPublicVideos(db, page.items, url), nextCursor: page.nextCursor };
}

export async function getVideo({ db }: AppContext, url: AbsoluteUrl, id: string) {
  const row = await findVisibleVideo(db, id);
  if (!row) throw new NotFoundError('Vidéo introuvable.');
  const [video] = await toPublicVideos(db, [row], url);
  return video!;
}

export async function listCuratedVideos({ db }: AppContext, url: AbsoluteUrl, list: 'featured' | 'latest') {
  return { items: await toPublicVideos(db, await findListedVideos(db, list), url) };
}

type CreatorRow = Awaited<ReturnType<typeof findVisibleCreators>>[number];

function toPublicCreator(row: CreatorRow, url: AbsoluteUrl): PublicCreator {
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
    lebavard_url: row.lebavard_url,
  };
}

export async function listCreators({ db }: AppContext, url: AbsoluteUrl, after: string | undefined) {
  const rows = await findVisibleCreators(db, decodeCursor(after, 2), PAGE_SIZE);
  return toPage(
    rows,
    PAGE_SIZE,
    (row) => [row.title, row.id],
    (row) => toPublicCreator(row, url),
  );
}

export async function getCreator({ db }: AppContext, url: AbsoluteUrl, id: string) {
  const row = await findVisibleCreator(db, id);
  if (!row) throw new NotFoundError('Créateur introuvable.');
  return toPublicCreator(row, url);
}

export async function listCategories({ db }: AppContext, kind: 'video' | 'discount') {
  return { items: await findCategories(db, kind === 'video' ? 'video_categories' : 'discount_categories') };
}

export async function listCurrentDiscounts(
  { db }: AppContext,
  url: AbsoluteUrl,
  query: { category?: string; after?: string },
) {
  const rows = await findCurrentDiscounts(
    db,
    { category: query.category, after: decodeCursor(query.after, 2) },
    parisCalendarDay(Date.now()),
    PAGE_SIZE,
  );
  const page = toPage(
    rows,
    PAGE_SIZE,
    (row) => [row.title_lowercase, row.id],
    (row) => row,
  );
  const categories = await findDiscountCategoryIds(
    db,
    page.items.map((row) => row.id),
  );
  return {
    items: page.items.map((row) => ({
      ...row,
      start_date: Number(row.start_date),
      end_date: Number(row.end_date),
      image_url: url(row.image_url),
      categories: categories.get(row.id) ?? [],
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
