import type { Insertable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { NewComment } from './demo-comments.ts';
import type {
  CategoriesTable,
  CommentReportsTable,
  CreatorsTable,
  DiscountCategoryLinksTable,
  DiscountsTable,
  UsersTable,
  VideoCategoryLinksTable,
  VideosTable,
} from '../../db/types.ts';

/*
 * Bulk inserts of the demo catalogue. Every row of a batch names the same columns: SQLite has no
 * DEFAULT inside a multi-row VALUES list.
 */

/**
 * Rows per INSERT: the widest table (creators, 20 columns) binds 10,000 values, far below SQLite's
 * 32,766 and PostgreSQL's 65,535 parameters per statement.
 */
export const ROWS_PER_INSERT = 500;

/** Not muted: the column's default. */
export type NewUser = Required<Omit<Insertable<UsersTable>, 'comments_muted'>>;
/** Without its counts, which the triggers count as the videos and comments go in; never visited. */
export type NewCreator = Required<
  Omit<Insertable<CreatorsTable>, 'video_count' | 'comment_count' | 'comments_seen_at'>
>;
export type NewCategory = Insertable<CategoriesTable>;
/** Without its category ids, which insertVideos joins from the links (see withCategoryIds). */
export type NewVideo = Omit<VideosTable, 'version' | 'comment_count' | 'category_ids'>;
/** Its title is the video's, which a trigger copies in. */
export type NewVideoLink = Omit<VideoCategoryLinksTable, 'title_lowercase'>;
/** Without its category ids, which insertDiscounts joins from the links. */
export type NewDiscount = Required<Omit<Insertable<DiscountsTable>, 'version' | 'category_ids'>>;
export type NewDiscountLink = DiscountCategoryLinksTable;

/**
 * The rows with their category ids already joined as the link tables' triggers join them (in id
 * order, by commas: migration 2026_12_02_160). On PostgreSQL the triggers then find every list
 * right and write no row again: 36 s instead of 46 for the demo of 100,000 videos
 * (docs/decisions/033-counts-per-statement.md). SQLite's triggers write it once more, as before.
 */
function withCategoryIds<T extends { id: string }, L extends { category_id: string }>(
  rows: readonly T[],
  links: readonly L[],
  ownerOf: (link: L) => string,
): (T & { category_ids: string })[] {
  const categories = new Map<string, string[]>();
  for (const link of links) {
    const owner = ownerOf(link);
    categories.set(owner, [...(categories.get(owner) ?? []), link.category_id]);
  }
  return rows.map((row) => ({ ...row, category_ids: (categories.get(row.id) ?? []).sort().join(',') }));
}

async function inBatches<T>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await insert(rows.slice(start, start + ROWS_PER_INSERT));
  }
}

export function insertUsers(db: Database, rows: readonly NewUser[]) {
  return inBatches(rows, (batch) => db.insertInto('users').values(batch).execute());
}

export function insertCreators(db: Database, rows: readonly NewCreator[]) {
  return inBatches(rows, (batch) => db.insertInto('creators').values(batch).execute());
}

export function insertCategories(
  db: Database,
  table: 'video_categories' | 'discount_categories',
  rows: readonly NewCategory[],
) {
  return inBatches(rows, (batch) => db.insertInto(table).values(batch).execute());
}

export async function insertVideos(
  db: Database,
  videos: readonly NewVideo[],
  links: readonly NewVideoLink[],
) {
  const rows = withCategoryIds(videos, links, (link) => link.video_id);
  await inBatches(rows, (batch) => db.insertInto('videos').values(batch).execute());
  await inBatches(links, (batch) => db.insertInto('video_category_links').values(batch).execute());
}

export async function insertDiscounts(
  db: Database,
  discounts: readonly NewDiscount[],
  links: readonly NewDiscountLink[],
) {
  const rows = withCategoryIds(discounts, links, (link) => link.discount_id);
  await inBatches(rows, (batch) => db.insertInto('discounts').values(batch).execute());
  await inBatches(links, (batch) => db.insertInto('discount_category_links').values(batch).execute());
}

/** Fills a video list in the order given: the featured list front first, the latest list oldest first. */
export function insertVideoList(
  db: Database,
  list: 'featured_videos' | 'latest_videos',
  ids: readonly string[],
) {
  return inBatches(
    ids.map((video_id, position) => ({ video_id, position })),
    (batch) => db.insertInto(list).values(batch).execute(),
  );
}

export async function setTotals(db: Database, totals: { views: number; clicks: number }): Promise<void> {
  for (const [name, value] of Object.entries(totals)) {
    await db.updateTable('totals').set({ value }).where('name', '=', name).execute();
  }
}

export async function insertComments(
  db: Database,
  comments: readonly NewComment[],
  reports: readonly CommentReportsTable[],
) {
  await inBatches(comments, (batch) => db.insertInto('comments').values(batch).execute());
  await inBatches(reports, (batch) => db.insertInto('comment_reports').values(batch).execute());
}
