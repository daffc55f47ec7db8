import type { Insertable } from 'kysely';
import type { Database } from '../../db/database.ts';
import { lockForTransaction } from '../../db/dialect.ts';
import type { VideosTable } from '../../db/types.ts';

export type VideoList = 'featured' | 'latest';
const LIST_TABLES = { featured: 'featured_videos', latest: 'latest_videos' } as const;

export function findCreatorGate(db: Database, creatorId: string) {
  return db
    .selectFrom('creators')
    .select(['is_live', 'is_active'])
    .where('id', '=', creatorId)
    .executeTakeFirst();
}

/** A video with what the answers show: its creator, whether it is featured, its version. */
export function selectVideoDetails(db: Database) {
  return db
    .selectFrom('videos')
    .innerJoin('creators', 'creators.id', 'videos.creator_id')
    .leftJoin('featured_videos', 'featured_videos.video_id', 'videos.id')
    .select([
      'videos.id',
      'videos.title',
      'videos.title_lowercase',
      'videos.video_url',
      'videos.hor_img_url',
      'videos.ver_img_url',
      'videos.creator_id',
      'videos.version',
      'videos.created_at',
      'videos.category_ids',
      'creators.is_live',
      'creators.is_active',
      'creators.title as creator_title',
      'creators.email as creator_email',
      'featured_videos.video_id as featured_id',
    ]);
}

export function findVideoDetails(db: Database, id: string) {
  return selectVideoDetails(db).where('videos.id', '=', id).executeTakeFirst();
}

export function findVideo(db: Database, id: string) {
  return db
    .selectFrom('videos')
    .select([
      'id',
      'creator_id',
      'title',
      'video_url',
      'hor_img_url',
      'ver_img_url',
      'version',
      'category_ids',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

export type VideoChanges = Pick<
  VideosTable,
  'title' | 'title_lowercase' | 'title_search' | 'video_url' | 'hor_img_url' | 'ver_img_url'
>;

/**
 * Saves an edit made from `version`, with the video's new category links; answers false, changing
 * nothing, when the video has been saved since (or deleted).
 */
export async function updateVideo(
  db: Database,
  id: string,
  version: number,
  changes: VideoChanges,
  categoryIds: readonly string[],
): Promise<boolean> {
  const result = await db
    .updateTable('videos')
    .set((eb) => ({ ...changes, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await db.deleteFrom('video_category_links').where('video_id', '=', id).execute();
  await db
    .insertInto('video_category_links')
    .values(categoryIds.map((categoryId) => ({ video_id: id, category_id: categoryId })))
    .execute();
  return true;
}

export async function insertVideo(
  db: Database,
  video: Insertable<VideosTable>,
  categoryIds: readonly string[],
) {
  await db.insertInto('videos').values(video).execute();
  await db
    .insertInto('video_category_links')
    .values(categoryIds.map((categoryId) => ({ video_id: video.id, category_id: categoryId })))
    .execute();
}

/** Removes the video with its category links and its places in both lists. */
export async function deleteVideo(db: Database, id: string): Promise<number> {
  await db.deleteFrom('video_category_links').where('video_id', '=', id).execute();
  await db.deleteFrom('featured_videos').where('video_id', '=', id).execute();
  await db.deleteFrom('latest_videos').where('video_id', '=', id).execute();
  const result = await db.deleteFrom('videos').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Holds `list` for the calling transaction: every change to a list reads it first and writes it
 * after, so writers take turns (docs/decisions/011-concurrent-writes.md).
 */
export function lockList(db: Database, list: VideoList): Promise<void> {
  return lockForTransaction(db, LIST_TABLES[list]);
}

/** A list's ids in position order: the featured list front first, the latest list oldest first. */
export async function readList(db: Database, list: VideoList): Promise<string[]> {
  const rows = await db.selectFrom(LIST_TABLES[list]).select('video_id').orderBy('position').execute();
  return rows.map((row) => row.video_id);
}

/** The featured videos in the app's order, each with what names it: its title and its creator. */
export function findFeaturedVideos(db: Database) {
  return db
    .selectFrom('featured_videos')
    .innerJoin('videos', 'videos.id', 'featured_videos.video_id')
    .innerJoin('creators', 'creators.id', 'videos.creator_id')
    .select([
      'videos.id',
      'videos.title',
      'videos.video_url',
      'videos.hor_img_url',
      'creators.title as creator_title',
      'creators.email as creator_email',
    ])
    .orderBy('featured_videos.position')
    .execute();
}

/** Puts a list in a new order: the ids are the whole list, front first. */
export async function reorderList(db: Database, list: VideoList, ids: readonly string[]): Promise<void> {
  const table = LIST_TABLES[list];
  await db.deleteFrom(table).execute();
  if (ids.length > 0)
    await db
      .insertInto(table)
      .values(ids.map((video_id, position) => ({ video_id, position })))
      .execute();
}

/** Saves a list's new content: drops the ids that left it, places `added` at the front or the end. */
export async function writeList(
  db: Database,
  list: VideoList,
  ids: readonly string[],
  added: { id: string; at: 'front' | 'end' } | null,
): Promise<void> {
  const table = LIST_TABLES[list];
  if (ids.length === 0) await db.deleteFrom(table).execute();
  else
    await db
      .deleteFrom(table)
      .where('video_id', 'not in', [...ids])
      .execute();
  if (!added) return;
  const bounds = await db
    .selectFrom(table)
    .select((eb) => [eb.fn.min<number>('position').as('first'), eb.fn.max<number>('position').as('last')])
    .executeTakeFirst();
  const position = added.at === 'front' ? Number(bounds?.first ?? 1) - 1 : Number(bounds?.last ?? -1) + 1;
  await db.insertInto(table).values({ video_id: added.id, position }).execute();
}
