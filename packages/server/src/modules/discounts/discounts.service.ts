import { DISCOUNT_SEARCH_LIMIT, PAGE_SIZE } from '@coulisses/domain/constants/limits';
import { MESSAGES } from '@coulisses/domain/messages';
import { changedFields } from '@coulisses/domain/rules/journal-changes';
import { searchKey, searchTerm } from '@coulisses/domain/rules/text-search';
import type { ListQuery, Page } from '@coulisses/domain/schemas/common';
import type { Discount, DiscountCreate, DiscountEdit } from '@coulisses/domain/schemas/discounts';
import { inTransaction, type AppContext } from '../../context.ts';
import type { AnswerEncoding } from '../../lib/answer-compression.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { JsonBytes } from '../../lib/json-bytes.ts';
import { normaliseImage } from '../../lib/images.ts';
import { decodeCursor, pageByTitle } from '../../lib/keyset.ts';
import { isOriginalKey, newImageKey, thumbnailUrlFor, withStoredFiles } from '../../lib/storage.ts';
import { categoryIdsFrom, requireCategories } from '../categories/categories.service.ts';
import { recordSubmission, type Submission } from '../form-submissions/form-submissions.service.ts';
import { recordChange, type Actor } from '../journal/journal.service.ts';
import { unreferencedKeys } from '../maintenance/file-references.service.ts';
import {
  deleteDiscountRow,
  findDiscount,
  insertDiscount,
  listDiscountsAfter,
  searchDiscounts,
  searchDiscountsPage,
  updateDiscount,
  type DiscountRow,
} from './discounts.repository.ts';

const IMAGE_FOLDER = 'discount_images';

function toDiscounts({ storage }: AppContext, rows: readonly DiscountRow[]): Discount[] {
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    link: row.link,
    code: row.code,
    start_date: Number(row.start_date),
    end_date: Number(row.end_date),
    image_url: storage.urlFor(row.image_url),
    image_thumb_url: thumbnailUrlFor(row.image_url),
    categories: categoryIdsFrom(row.category_ids),
    views: Number(row.views),
    clicks: Number(row.clicks),
    version: Number(row.version),
  }));
}

/**
 * Discounts by lowercase title, 50 a page after the cursor. A search looks for the query anywhere
 * in the title, ignoring case and accents, and answers its first 1000 matches at once, like the
 * original's search (spec section 9).
 */
export async function listDiscounts(
  context: AppContext,
  query: ListQuery,
  encoding?: AnswerEncoding,
): Promise<Page<Discount> | JsonBytes> {
  const { db, storage } = context;
  const term = searchTerm(query.q);
  if (term) {
    const written = await searchDiscountsPage(db, term, DISCOUNT_SEARCH_LIMIT, storage.urlPrefix, encoding);
    if (written) return new JsonBytes(written.answer, written.encoding);
    const rows = await searchDiscounts(db, term, DISCOUNT_SEARCH_LIMIT);
    return { items: toDiscounts(context, rows), nextCursor: null };
  }
  const rows = await listDiscountsAfter(db, decodeCursor(query.after, 2), PAGE_SIZE + 1);
  const page = pageByTitle(rows, PAGE_SIZE);
  return { items: toDiscounts(context, page.items), nextCursor: page.nextCursor };
}

/** The row's columns for the form's fields, the title's search keys included. */
function columnsOf(input: DiscountCreate) {
  return {
    title: input.title,
    title_lowercase: input.title.toLowerCase(),
    title_search: searchKey(input.title),
    link: input.link,
    code: input.code,
    start_date: input.start_date,
    end_date: input.end_date,
  };
}

/**
 * Adds a discount: its image normalised to 900x600 JPEG under discount_images/, then the row and
 * its category links in one transaction. If anything fails, the stored image is removed again.
 */
export async function createDiscount(
  context: AppContext,
  actor: Actor,
  input: DiscountCreate,
  image: string | undefined,
  submission?: Submission,
): Promise<Discount> {
  const { storage } = context;
  if (!image) {
    throw new ValidationError(MESSAGES.discountFieldsMissing, { image: MESSAGES.discountFieldsMissing });
  }
  const data = await normaliseImage(image, 'horizontal', 'image');
  const key = newImageKey(IMAGE_FOLDER);
  const id = newId();
  await withStoredFiles(storage, [{ key, data }], () =>
    inTransaction(context, async (tx) => {
      if (submission) await recordSubmission(tx, submission);
      const categories = await requireCategories(tx, 'discount', input.categories);
      await insertDiscount(tx.db, { id, ...columnsOf(input), image_url: key }, categories);
      await recordChange(tx, actor, {
        kind: 'discount.added',
        item: { type: 'discount', id, label: input.title },
      });
    }),
  );
  return {
    id,
    title: input.title,
    link: input.link,
    code: input.code,
    start_date: input.start_date,
    end_date: input.end_date,
    image_url: storage.urlFor(key),
    image_thumb_url: thumbnailUrlFor(key),
    categories: [...new Set(input.categories)],
    views: 0,
    clicks: 0,
    version: 1,
  };
}

/** One discount as its edit form opens it. */
export async function getDiscount(context: AppContext, id: string): Promise<Discount> {
  const row = await findDiscount(context.db, id);
  if (!row) throw new NotFoundError();
  const [discount] = toDiscounts(context, [row]);
  return discount!;
}

/**
 * Saves an edit of a discount: every field of the add form, and the image when one is sent (made
 * by the same pipeline). Views and clicks stay. A form opened before the latest save is refused
 * (409) and changes nothing. A replaced image is removed once the save commits.
 */
export async function editDiscount(
  context: AppContext,
  actor: Actor,
  id: string,
  input: DiscountEdit,
  image: string | undefined,
): Promise<Discount> {
  const { storage } = context;
  const opened = await findDiscount(context.db, id);
  if (!opened) throw new NotFoundError();
  if (Number(opened.version) !== input.version) throw new ConflictError(MESSAGES.editedMeanwhile);
  const replacement = image
    ? { key: newImageKey(IMAGE_FOLDER), data: await normaliseImage(image, 'horizontal', 'image') }
    : null;
  const replacedKeys = await withStoredFiles(storage, replacement ? [replacement] : [], () =>
    inTransaction(context, async (tx) => {
      const current = await findDiscount(tx.db, id);
      if (!current) throw new NotFoundError();
      const categoriesBefore = categoryIdsFrom(current.category_ids);
      const categories = await requireCategories(tx, 'discount', input.categories);
      const changes = {
        title: input.title,
        link: input.link,
        code: input.code,
        start_date: input.start_date,
        end_date: input.end_date,
        categories,
        image_url: replacement?.key ?? current.image_url,
      };
      const saved = await updateDiscount(
        tx.db,
        id,
        input.version,
        { ...columnsOf(input), image_url: changes.image_url },
        categories,
      );
      if (!saved) throw new ConflictError(MESSAGES.editedMeanwhile);
      await recordChange(tx, actor, {
        kind: 'discount.edited',
        item: { type: 'discount', id, label: input.title },
        changes: changedFields(
          {
            ...current,
            start_date: Number(current.start_date),
            end_date: Number(current.end_date),
            categories: categoriesBefore,
          },
          changes,
        ),
      });
      // A value that is not one of our keys names no file of ours: there is nothing to remove.
      if (!replacement || !isOriginalKey(current.image_url)) return [];
      return unreferencedKeys(tx, [current.image_url]);
    }),
  );
  await Promise.all(replacedKeys.map((key) => storage.remove(key)));
  return getDiscount(context, id);
}

/**
 * Deletes a discount, its category links and its stored image, all or nothing: the image goes
 * last, inside the transaction, so a failure to remove it rolls the row back. An image another
 * row still shows stays.
 */
export async function deleteDiscount(context: AppContext, actor: Actor, id: string): Promise<void> {
  await inTransaction(context, async (tx) => {
    const found = await findDiscount(tx.db, id);
    if (!found || (await deleteDiscountRow(tx.db, id)) === 0) throw new NotFoundError();
    await recordChange(tx, actor, {
      kind: 'discount.deleted',
      item: { type: 'discount', id, label: found.title },
    });
    // A value that is not one of our keys names no file of ours: there is nothing to remove.
    if (!isOriginalKey(found.image_url)) return;
    for (const key of await unreferencedKeys(tx, [found.image_url])) await tx.storage.remove(key);
  });
}
