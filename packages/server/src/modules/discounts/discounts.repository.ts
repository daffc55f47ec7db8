import { sql, type Insertable, type Selectable } from 'kysely';
import { compiledOnce, writtenOnce, type WrittenAnswer } from '../../db/compiled-once.ts';
import { keysetAfter, searchValues, searchWhere, type SearchValues } from '../../db/conditions.ts';
import type { Database } from '../../db/database.ts';
import { isPostgres } from '../../db/dialect.ts';
import { SEARCH_INDEXES } from '../../db/search-index.ts';
import type { DiscountsTable } from '../../db/types.ts';
import type { AnswerEncoding } from '../../lib/answer-compression.ts';
import { LAST_PAGE } from '../../lib/json-bytes.ts';
import { categoryIdsJson, imageUrlOf, thumbnailUrlOf } from '../../db/written-json.ts';

const listColumns = [
  'id',
  'title',
  'title_lowercase',
  'link',
  'code',
  'start_date',
  'end_date',
  'image_url',
  'views',
  'clicks',
  'version',
  'category_ids',
] as const;

export type DiscountRow = Pick<Selectable<DiscountsTable>, (typeof listColumns)[number]>;

const discountsPage = compiledOnce((db, { after, limit }: { after?: readonly string[]; limit: number }) => {
  let query = db.selectFrom('discounts').select(listColumns);
  if (after) query = query.where(keysetAfter('title_lowercase', 'id', after));
  return query.orderBy('title_lowercase').orderBy('id').limit(limit);
});

/** One keyset page by (title_lowercase, id), starting after `after` when given. */
export function listDiscountsAfter(
  db: Database,
  after: readonly string[] | undefined,
  limit: number,
): Promise<DiscountRow[]> {
  return discountsPage(db, { after, limit });
}

/** The discounts whose search key holds a search's term, in title order, at most `limit`. */
function found(db: Database, { limit, ...search }: SearchValues & { limit: number }) {
  return db
    .selectFrom('discounts')
    .select(listColumns)
    .where(searchWhere(SEARCH_INDEXES.discountTitles, search)!)
    .orderBy('title_lowercase')
    .orderBy('id')
    .limit(limit);
}

const foundDiscounts = compiledOnce(found);

/**
 * The found discounts as SQLite writes them in JSON, the whole last page around them, each as the
 * answer shows it (`toDiscounts` of discounts.service.ts, for the same rows): their images' URLs
 * (lib/storage.ts, imageUrl and thumbnailUrlFor) and their category ids as a list. Written off the
 * event loop (ADR 038). The array takes the rows in the order `found` gives them: its LIMIT keeps
 * that order in the statement, where sorting again inside the array took a fifth of the search
 * (docs/decisions/037-answers-written-by-sqlite.md).
 */
const foundDiscountsPage = writtenOnce(
  (db, { urlPrefix, ...search }: SearchValues & { limit: number; urlPrefix: string }) =>
    sql<{ answer: Buffer }>`select cast(concat(${LAST_PAGE.start}, json_group_array(json_object(
        'id', id, 'title', title, 'link', link, 'code', code,
        'start_date', start_date, 'end_date', end_date,
        'image_url', ${imageUrlOf('image_url', urlPrefix)},
        'image_thumb_url', ${thumbnailUrlOf('image_url')},
        'categories', ${categoryIdsJson},
        'views', views, 'clicks', clicks, 'version', version
      )), ${LAST_PAGE.end}) as blob) as answer from (${found(db, search)}) as found`,
);

/**
 * Discounts whose search key contains `term` (a search key), as the answer's JSON page, written by
 * SQLite (docs/decisions/037-answers-written-by-sqlite.md) and compressed where written with the
 * client's `encoding` (docs/decisions/053-answers-cross-threads-in-buffers-of-their-own.md);
 * undefined on PostgreSQL, where `searchDiscounts` reads them.
 */
export async function searchDiscountsPage(
  db: Database,
  term: string,
  limit: number,
  urlPrefix: string,
  encoding: AnswerEncoding | undefined,
): Promise<WrittenAnswer | undefined> {
  if (isPostgres(db)) return undefined;
  const search = await searchValues(db, SEARCH_INDEXES.discountTitles, term);
  return foundDiscountsPage(db, { ...search, limit, urlPrefix }, encoding);
}

/** Discounts whose search key contains `term` (a search key). */
export async function searchDiscounts(db: Database, term: string, limit: number): Promise<DiscountRow[]> {
  return foundDiscounts(db, { ...(await searchValues(db, SEARCH_INDEXES.discountTitles, term)), limit });
}

export async function insertDiscount(
  db: Database,
  discount: Omit<Insertable<DiscountsTable>, 'views' | 'clicks' | 'created_at' | 'version'>,
  categoryIds: readonly string[],
): Promise<void> {
  await db
    .insertInto('discounts')
    .values({ ...discount, views: 0, clicks: 0, created_at: Date.now() })
    .execute();
  await db
    .insertInto('discount_category_links')
    .values(categoryIds.map((category_id) => ({ discount_id: discount.id, category_id })))
    .execute();
}

export function findDiscount(db: Database, id: string): Promise<DiscountRow | undefined> {
  return db.selectFrom('discounts').select(listColumns).where('id', '=', id).executeTakeFirst();
}

export type DiscountChanges = Pick<
  DiscountsTable,
  'title' | 'title_lowercase' | 'title_search' | 'link' | 'code' | 'start_date' | 'end_date' | 'image_url'
>;

/**
 * Saves an edit made from `version`, with the discount's new category links; answers false,
 * changing nothing, when the discount has been saved since (or deleted).
 */
export async function updateDiscount(
  db: Database,
  id: string,
  version: number,
  changes: DiscountChanges,
  categoryIds: readonly string[],
): Promise<boolean> {
  const result = await db
    .updateTable('discounts')
    .set((eb) => ({ ...changes, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await db.deleteFrom('discount_category_links').where('discount_id', '=', id).execute();
  await db
    .insertInto('discount_category_links')
    .values(categoryIds.map((category_id) => ({ discount_id: id, category_id })))
    .execute();
  return true;
}

/** Deletes the discount and its category links; answers how many discounts went (0 or 1). */
export async function deleteDiscountRow(db: Database, id: string): Promise<number> {
  await db.deleteFrom('discount_category_links').where('discount_id', '=', id).execute();
  const result = await db.deleteFrom('discounts').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}
