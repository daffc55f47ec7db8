import { sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.ts';
import { keysetAfter } from '../../db/conditions.ts';
import type { Database } from '../../db/database.ts';

/*
 * Read-only queries of the public content API. Visibility is derived
 * (docs/decisions/007-derived-visibility.md): a video shows when its creator's page is published and the creator is not suspended. Every query that
 * reaches a video goes through `visibleVideos`, so no path can leak a hidden one.
 */

const videoColumns = [
  'videos.id',
  'videos.title',
  'videos.title_lowercase',
  'videos.video_url',
  'videos.hor_img_url',
  'videos.ver_img_url',
  'videos.creator_id',
  'videos.comment_count',
  'videos.category_ids',
] as const;

function visibleVideos(db: Database) {
  return db
    .selectFrom('videos')
    .innerJoin('creators', 'creators.id', 'videos.creator_id')
    .where('creators.is_live', '=', 1)
    .where('creators.is_active', '=', 1);
}

export interface VideoFilter {
  category?: string;
  creator?: string;
  after?: readonly string[];
}

/**
 * One keyset page (size + 1 rows) of visible videos ordered by (title_lowercase, id). A category's
 * page reads the category's own title order: each link keeps its video's title
 * (2026_12_01_150_add_category_title_order), so the page starts at its cursor instead of testing
 * every video of the catalogue for the category.
 */
export function findVisibleVideos(db: Database, { category, creator, after }: VideoFilter, size: number) {
  const [title, id] = category
    ? ['video_category_links.title_lowercase', 'video_category_links.video_id']
    : ['videos.title_lowercase', 'videos.id'];
  let query = visibleVideos(db)
    .$if(Boolean(category), (inCategory) =>
      inCategory
        .innerJoin('video_category_links', 'video_category_links.video_id', 'videos.id')
        .where('video_category_links.category_id', '=', category!),
    )
    .select(videoColumns);
  if (creator) query = query.where('videos.creator_id', '=', creator);
  if (after) query = query.where(keysetAfter(title, id, after));
  return query
    .orderBy(sql.ref(title))
    .orderBy(sql.ref(id))
    .limit(size + 1)
    .execute();
}

export function findVisibleVideo(db: Database, id: string) {
  return visibleVideos(db).select(videoColumns).where('videos.id', '=', id).executeTakeFirst();
}

/** The featured list front first, or the latest list newest first (ids are appended at the end). */
export function findListedVideos(db: Database, list: 'featured' | 'latest') {
  const videos = visibleVideos(db);
  return list === 'featured'
    ? videos
        .innerJoin('featured_videos', 'featured_videos.video_id', 'videos.id')
        .select(videoColumns)
        .orderBy('featured_videos.position', 'asc')
        .execute()
    : videos
        .innerJoin('latest_videos', 'latest_videos.video_id', 'videos.id')
        .select(videoColumns)
        .orderBy('latest_videos.position', 'desc')
        .execute();
}

const creatorColumns = [
  'id',
  'title',
  'bio',
  'email',
  'email_visible',
  'hor_img_url',
  'ver_img_url',
  'home_video_url',
  'facebook_url',
  'instagram_url',
  'youtube_url',
  'tiktok_url',
  'linkedin_url',
  'lebavard_url',
] as const;

function visibleCreators(db: Database) {
  return db.selectFrom('creators').where('is_live', '=', 1).where('is_active', '=', 1);
}

/** Published, active creators ordered by (title, id); `after` is the last row's pair. */
export function findVisibleCreators(db: Database, after: readonly string[] | undefined, size: number) {
  let query = visibleCreators(db).select(creatorColumns);
  if (after) query = query.where(keysetAfter('title', 'id', after));
  return query
    .orderBy('title')
    .orderBy('id')
    .limit(size + 1)
    .execute();
}

export function findVisibleCreator(db: Database, id: string) {
  return visibleCreators(db).select(creatorColumns).where('id', '=', id).executeTakeFirst();
}

export function findCategories(db: Database, table: 'video_categories' | 'discount_categories') {
  return db.selectFrom(table).select(['id', 'name']).orderBy('name_key').execute();
}

/**
 * Discounts running on `day`, a stored calendar day: their start day is not after it, their end
 * day not before it (docs/decisions/010-french-calendar-days.md).
 */
function runningDiscounts(db: Database, day: number) {
  return db.selectFrom('discounts').where('start_date', '<=', day).where('end_date', '>=', day);
}

/** Discounts running on `day`, keyset by (title_lowercase, id). */
export function findCurrentDiscounts(
  db: Database,
  filter: { category?: string; after?: readonly string[] },
  day: number,
  size: number,
) {
  let query = runningDiscounts(db, day).select([
    'id',
    'title',
    'title_lowercase',
    'link',
    'code',
    'start_date',
    'end_date',
    'image_url',
    'category_ids',
  ]);
  const category = filter.category;
  if (category) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('discount_category_links')
          .select('category_id')
          .whereRef('discount_category_links.discount_id', '=', 'discounts.id')
          .where('discount_category_links.category_id', '=', category),
      ),
    );
  }
  if (filter.after) query = query.where(keysetAfter('title_lowercase', 'id', filter.after));
  return query
    .orderBy('title_lowercase')
    .orderBy('id')
    .limit(size + 1)
    .execute();
}

export function findCurrentDiscount(db: Database, id: string, day: number) {
  return runningDiscounts(db, day).select('id').where('id', '=', id).executeTakeFirst();
}

const contentVersion = compiledOnce((db) => db.selectFrom('content_version').select('value'));

/**
 * The number that grows with every change of the app's content, moved by the triggers of migration
 * 2026_12_03_170 whoever writes. Every public read asks it first.
 */
export async function findContentVersion(db: Database): Promise<number> {
  const [row] = await contentVersion(db);
  if (!row) throw new Error('content_version has lost its row');
  return Number(row.value);
}
