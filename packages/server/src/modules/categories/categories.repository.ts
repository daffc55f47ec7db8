import type { CategoryKind } from '@coulisses/domain/schemas/categories';
import type { Database } from '../../db/database.ts';

const TABLES = {
  video: { categories: 'video_categories', links: 'video_category_links' },
  discount: { categories: 'discount_categories', links: 'discount_category_links' },
} as const;

export function listCategories(db: Database, kind: CategoryKind) {
  return db
    .selectFrom(TABLES[kind].categories)
    .select(['id', 'name', 'use_count'])
    .orderBy('name_key')
    .orderBy('id')
    .execute();
}

export function findCategoryByKey(db: Database, kind: CategoryKind, nameKey: string) {
  return db
    .selectFrom(TABLES[kind].categories)
    .select(['id'])
    .where('name_key', '=', nameKey)
    .executeTakeFirst();
}

export function findCategoryName(db: Database, kind: CategoryKind, id: string) {
  return db
    .selectFrom(TABLES[kind].categories)
    .select(['name', 'use_count'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertCategory(
  db: Database,
  kind: CategoryKind,
  category: { id: string; name: string; name_key: string },
): Promise<void> {
  await db
    .insertInto(TABLES[kind].categories)
    .values({ ...category, created_at: Date.now() })
    .execute();
}

/** Answers how many rows changed (0 when the id is unknown). */
export async function updateCategoryName(
  db: Database,
  kind: CategoryKind,
  id: string,
  name: { name: string; name_key: string },
): Promise<number> {
  const result = await db
    .updateTable(TABLES[kind].categories)
    .set(name)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Whether anything (a video or a discount, by kind) is filed under the category. */
export async function isCategoryInUse(db: Database, kind: CategoryKind, id: string): Promise<boolean> {
  const row = await db
    .selectFrom(TABLES[kind].links)
    .select('category_id')
    .where('category_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes the category; answers how many rows went (0 when the id is unknown). */
export async function deleteCategory(db: Database, kind: CategoryKind, id: string): Promise<number> {
  const result = await db.deleteFrom(TABLES[kind].categories).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The ids among `ids` that name an existing category of the kind. */
export async function findExistingCategoryIds(
  db: Database,
  kind: CategoryKind,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom(TABLES[kind].categories)
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((row) => row.id);
}
