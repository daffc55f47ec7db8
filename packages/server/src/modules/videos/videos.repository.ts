import { sql, type Insertable } from 'kysely';
import { compiledOnce, writtenOnce, type WrittenAnswer } from '../../db/compiled-once.ts';
import { keysetAfter, searchValues, searchWhere, type SearchValues } from '../../db/conditions.ts';
import type { Database } from '../../db/database.ts';
import { isPostgres, lockForTransaction } from '../../db/dialect.ts';
import { SEARCH_INDEXES } from '../../db/search-index.ts';
import type { VideosTable } from '../../db/types.ts';
import { categoryIdsJson, imageUrlOf, jsonBoolean, thumbnailUrlOf } from '../../db/written-json.ts';
import type { AnswerEncoding } from '../../lib/answer-compression.ts';
import { PAGE_PARTS } from '../../lib/json-bytes.ts';

export type VideoList = 'featured' | 'latest';
const LIST_TABLES = { featured: 'featured_videos', latest: 'latest_videos' } as const;

export function findCreatorGate(db: Database, creatorId: string) {
  return db
    .selectFrom('creators')
    .select(['is_live', 'is_active'])
    .where('id', '=', creatorId)
    .executeTakeFirst();
}

export interface VideoPageFilter {
  creatorId?: string;
  /** searchKey of the query: matched anywhere in the title, ignoring case and accents. */
  search?: string;
  /** [title_lowercase, id] of the last row of the previous page. */
  after?: readonly string[];
}

type PageValues = SearchValues & { creatorId?: string; after?: readonly string[]; limit: number };

/** A search's values beside the filter's, for the page's query. */
async function pageValues(db: Database, filter: VideoPageFilter, size: number): Promise<PageValues> {
  const searched = filter.search ? await searchValues(db, SEARCH_INDEXES.videoTitles, filter.search) : {};
  return { ...searched, creatorId: filter.creatorId, after: filter.after, limit: size + 1 };
}

/**
 * One keyset page (size + 1 rows) ordered by (title_lowercase, id), with what the answers show.
 * The page's ids are chosen first, on the videos alone: a search then reads only the covering
 * title index (2026_11_24_080), and the joins run for the page's rows only.
 */
export async function findVideoPage(db: Database, filter: VideoPageFilter, size: number) {
  return videoPage(db, await pageValues(db, filter, size));
}

/** The videos of a page, in its order: its ids are chosen from these. */
function pageVideos(db: Database, { creatorId, after, limit, ...search }: PageValues) {
  let videos = db.selectFrom('videos');
  if (creatorId !== undefined) videos = videos.where('videos.creator_id', '=', creatorId);
  const found = searchWhere(SEARCH_INDEXES.videoTitles, search);
  if (found) videos = videos.where(found);
  if (after) videos = videos.where(keysetAfter('videos.title_lowercase', 'videos.id', after));
  return videos.orderBy('videos.title_lowercase').orderBy('videos.id').limit(limit);
}

function pageQuery(db: Database, values: PageValues) {
  return selectVideoDetails(db)
    .where('videos.id', 'in', pageVideos(db, values).select('videos.id'))
    .orderBy('videos.title_lowercase')
    .orderBy('videos.id');
}

/**
 * pageQuery's rows, each with its place from the page's size down (`beyond`: 0 for the page's last
 * video, 1 for the row that only says more follow), in that order. Numbered with the ids, in the
 * order the index gives them, the rows are not sorted again by title for the window: a fifth of
 * the time SQLite took to write a page of fifty.
 */
function numberedPageQuery(db: Database, { size, ...values }: PageValues & { size: number }) {
  const numbered = pageVideos(db, values).select([
    'videos.id',
    sql<number>`row_number() over (order by videos.title_lowercase, videos.id) - ${size}`.as('beyond'),
  ]);
  return selectVideoDetails(db)
    .innerJoin(numbered.as('page'), 'page.id', 'videos.id')
    .select('page.beyond')
    .orderBy('page.beyond');
}

const videoPage = compiledOnce(pageQuery);

/**
 * A page of findVideoPage written by SQLite in JSON, each video as the answer shows it (`toVideo`
 * of videos.service.ts, and `toAdminVideo` `withCreator`, for the same rows): its images' URLs
 * (lib/storage.ts, imageUrl and thumbnailUrlFor), its category ids as a list, whether the app
 * shows it, then the next page's cursor (`keyset_cursor`, db/app-functions.ts). Written off the
 * event loop (docs/decisions/038-written-answers-off-the-loop.md). The rows are numbered
 * (numberedPageQuery) so that each value is bound once.
 */
function writtenPage(withCreator: boolean) {
  const creator = withCreator
    ? sql`, 'creator', json_object('id', creator_id, 'title', creator_title, 'email', creator_email),
        'featured', ${jsonBoolean(sql`featured_id is not null`)}`
    : sql``;
  return writtenOnce(
    (db, { urlPrefix, size, ...page }: PageValues & { urlPrefix: string; size: number }) =>
      sql<{ answer: Buffer }>`select cast(concat(${PAGE_PARTS.start}, json_group_array(json_object(
          'id', id, 'title', title, 'title_lowercase', title_lowercase, 'video_url', video_url,
          'hor_img_url', ${imageUrlOf('hor_img_url', sql.ref('prefix'))},
          'hor_img_thumb_url', ${thumbnailUrlOf('hor_img_url')},
          'ver_img_url', ${imageUrlOf('ver_img_url', sql.ref('prefix'))},
          'categories', ${categoryIdsJson},
          'creatorId', creator_id, 'is_active', ${jsonBoolean(sql`is_live = 1 and is_active = 1`)},
          'version', version, 'created_at', created_at ${creator}
        )) filter (where beyond <= 0), ${PAGE_PARTS.cursor},
        iif(max(beyond) > 0, json_quote(keyset_cursor(max(iif(beyond = 0, title_lowercase, null)),
          max(iif(beyond = 0, id, null)))), 'null'), ${PAGE_PARTS.end}) as blob) as answer
      from (select *, ${urlPrefix} as prefix from (${numberedPageQuery(db, { ...page, size })}))`,
  );
}

const writtenPages = { mine: writtenPage(false), all: writtenPage(true) };

/**
 * findVideoPage's page written by SQLite (docs/decisions/037-answers-written-by-sqlite.md), with
 * the creator and whether it is featured for `all`, compressed with `encoding` where it was
 * written (ADR 051); undefined on PostgreSQL, where findVideoPage reads its rows.
 */
export async function writtenVideoPage(
  db: Database,
  filter: VideoPageFilter,
  size: number,
  urlPrefix: string,
  videos: keyof typeof writtenPages,
  encoding: AnswerEncoding | undefined,
): Promise<WrittenAnswer | undefined> {
  if (isPostgres(db)) return undefined;
  const values = await pageValues(db, filter, size);
  return writtenPages[videos](db, { ...values, urlPrefix, size }, encoding);
}

/** A video with what the answers show: its creator, whether it is featured, its version. */
function selectVideoDetails(db: Database) {
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
