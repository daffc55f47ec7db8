import { sql } from 'kysely';
import type { Page } from '@coulisses/domain/schemas/common';
import { compiledOnce, padded, writtenOnce, type WrittenAnswer } from '../../db/compiled-once.ts';
import { keysetAfter, searchValues, searchWhere, type SearchValues } from '../../db/conditions.ts';
import type { Database } from '../../db/database.ts';
import { isPostgres } from '../../db/dialect.ts';
import { SEARCH_INDEXES } from '../../db/search-index.ts';
import { categoryIdsJson, imageUrlOf, jsonBoolean, thumbnailUrlOf } from '../../db/written-json.ts';
import type { AnswerEncoding } from '../../lib/answer-compression.ts';
import { PAGE_PARTS } from '../../lib/json-bytes.ts';
import { pageByTitle } from '../../lib/keyset.ts';
import { selectVideoDetails } from './videos.repository.ts';

// The pages of the back-office's videos, a creator's own and the superadmin's, searched or not.

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
 * One keyset page of `size` videos ordered by (title_lowercase, id), with what the answers show,
 * and the cursor of the next. The page's ids are chosen first, on the videos alone: a search then
 * reads only the covering title index (2026_11_24_080), and the joins run for the page's rows only.
 */
export async function findVideoPage(
  db: Database,
  filter: VideoPageFilter,
  size: number,
): Promise<Page<VideoRow>> {
  const values = await pageValues(db, filter, size);
  return filter.search ? foundVideoPage(db, values, size) : pageByTitle(await videoPage(db, values), size);
}

/**
 * A searched page in two statements, its keys then its videos with their creators: PostgreSQL plans
 * a search for its term at every run (docs/decisions/039-statements-prepared-by-postgresql.md), and
 * planning the page's joins with it cost more than running them; on their own they are planned
 * once for any ids (docs/decisions/052-searched-video-pages-in-two-statements.md). The page is the
 * keys' (its order, its end, its cursor): a video deleted between the two statements is left out
 * of it, one renamed meanwhile keeps its place and shows its new title.
 */
async function foundVideoPage(db: Database, values: PageValues, size: number): Promise<Page<VideoRow>> {
  const keys = pageByTitle(await videoPageKeys(db, values), size);
  const ids = keys.items.map((key) => key.id);
  const rows = ids.length === 0 ? [] : await videosByIds(db, { ids: padded(ids) });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { items: keys.items.flatMap((key) => byId.get(key.id) ?? []), nextCursor: keys.nextCursor };
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

const videoPage = compiledOnce((db, values: PageValues) =>
  selectVideoDetails(db)
    .where('videos.id', 'in', pageVideos(db, values).select('videos.id'))
    .orderBy('videos.title_lowercase')
    .orderBy('videos.id'),
);

const videoPageKeys = compiledOnce((db, values: PageValues) =>
  pageVideos(db, values).select(['videos.title_lowercase', 'videos.id']),
);

const videosByIds = compiledOnce((db, { ids }: { ids: readonly string[] }) =>
  selectVideoDetails(db).where('videos.id', 'in', ids),
);

export type VideoRow = Awaited<ReturnType<typeof videosByIds>>[number];

/**
 * The page's videos with what the answers show, each with its place from the page's size down
 * (`beyond`: 0 for the page's last video, 1 for the row that only says more follow), in that
 * order. Numbered with the ids, in the order the index gives them, the rows are not sorted again
 * by title for the window: a fifth of the time SQLite took to write a page of fifty.
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
