import { MESSAGES } from '@coulisses/domain/messages';
import { searchKey } from '@coulisses/domain/rules/text-search';
import type { Category, CategoryCreate, CategoryKind } from '@coulisses/domain/schemas/categories';
import { inTransaction, type AppContext } from '../../context.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/dialect.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { recordChange, type Actor } from '../journal/journal.service.ts';
import {
  deleteCategory,
  findCategoryByKey,
  findCategoryName,
  findExistingCategoryIds,
  insertCategory,
  isCategoryInUse,
  listCategories,
  updateCategoryName,
} from './categories.repository.ts';

const IN_USE: Record<CategoryKind, string> = {
  video: MESSAGES.videoCategoryInUse,
  discount: MESSAGES.discountCategoryInUse,
};

const ITEM_TYPE = { video: 'video_category', discount: 'discount_category' } as const;

/** Every category of the kind, sorted by name (ignoring case and accents). */
export async function getCategories({ db }: AppContext, kind: CategoryKind): Promise<Category[]> {
  const rows = await listCategories(db, kind);
  // PostgreSQL answers a bigint as a string.
  return rows.map((row) => ({ id: row.id, name: row.name, use_count: Number(row.use_count) }));
}

/** Adds a category; a name equal to an existing one, ignoring case and accents, is refused. */
export async function addCategory(
  context: AppContext,
  actor: Actor,
  kind: CategoryKind,
  input: CategoryCreate,
): Promise<Category> {
  const category = { id: newId(), name: input.name, name_key: searchKey(input.name) };
  try {
    await inTransaction(context, async (tx) => {
      if (await findCategoryByKey(tx.db, kind, category.name_key))
        throw new ConflictError(MESSAGES.categoryNameTaken);
      await insertCategory(tx.db, kind, category);
      await recordChange(tx, actor, {
        kind: 'category.added',
        item: { type: ITEM_TYPE[kind], id: category.id, label: category.name },
      });
    });
  } catch (error) {
    // Two simultaneous adds of the same name: the unique index decides.
    if (isUniqueViolation(error)) throw new ConflictError(MESSAGES.categoryNameTaken);
    throw error;
  }
  return { id: category.id, name: category.name, use_count: 0 };
}

/**
 * Renames a category; the videos or discounts filed under it stay there. Another category's name,
 * ignoring case and accents, is refused; the category's own name with another case is not.
 */
export async function renameCategory(
  context: AppContext,
  actor: Actor,
  kind: CategoryKind,
  id: string,
  input: CategoryCreate,
): Promise<Category> {
  const name_key = searchKey(input.name);
  let useCount = 0;
  try {
    await inTransaction(context, async (tx) => {
      const holder = await findCategoryByKey(tx.db, kind, name_key);
      if (holder && holder.id !== id) throw new ConflictError(MESSAGES.categoryNameTaken);
      const before = await findCategoryName(tx.db, kind, id);
      if (!before || (await updateCategoryName(tx.db, kind, id, { name: input.name, name_key })) === 0) {
        throw new NotFoundError();
      }
      useCount = Number(before.use_count);
      await recordChange(tx, actor, {
        kind: 'category.renamed',
        item: { type: ITEM_TYPE[kind], id, label: input.name },
        changes: { name: { before: before.name, after: input.name } },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(MESSAGES.categoryNameTaken);
    throw error;
  }
  return { id, name: input.name, use_count: useCount };
}

/**
 * Deletes a category nothing uses. The check and the delete share one transaction, so a video or
 * discount filed under it in between cannot be left pointing at nothing.
 */
export async function removeCategory(
  context: AppContext,
  actor: Actor,
  kind: CategoryKind,
  id: string,
): Promise<void> {
  try {
    await inTransaction(context, async (tx) => {
      if (await isCategoryInUse(tx.db, kind, id)) throw new ConflictError(IN_USE[kind]);
      const before = await findCategoryName(tx.db, kind, id);
      if (!before || (await deleteCategory(tx.db, kind, id)) === 0) throw new NotFoundError();
      await recordChange(tx, actor, {
        kind: 'category.deleted',
        item: { type: ITEM_TYPE[kind], id, label: before.name },
      });
    });
  } catch (error) {
    // On PostgreSQL another process may file something under it after the check: the links'
    // RESTRICT foreign key refuses the delete then.
    if (isForeignKeyViolation(error)) throw new ConflictError(IN_USE[kind]);
    throw error;
  }
}

/**
 * For features that file things under categories: the ids, deduplicated, once each is known to
 * exist. Call it inside the transaction that writes the links.
 */
export async function requireCategories(
  { db }: AppContext,
  kind: CategoryKind,
  ids: readonly string[],
): Promise<string[]> {
  const unique = [...new Set(ids)];
  const existing = new Set(await findExistingCategoryIds(db, kind, unique));
  const missing = unique.filter((id) => !existing.has(id));
  if (missing.length > 0) {
    const message = "Une des catégories choisies n'existe plus. Recharge la page et choisis-en une autre.";
    throw new ValidationError(message, { categories: message });
  }
  return unique;
}

/** The ids a video's or discount's `category_ids` column keeps (db/types.ts), in id order. */
export function categoryIdsFrom(joined: string): string[] {
  return joined ? joined.split(',') : [];
}
