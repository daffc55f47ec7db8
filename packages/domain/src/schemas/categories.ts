import { z } from 'zod';
import { CATEGORY_NAME_MAX_LENGTH } from '../constants/limits.ts';
import { MESSAGES } from '../messages.ts';

/** Videos and discounts each have their own categories, managed the same way. */
export const CATEGORY_KINDS = ['video', 'discount'] as const;
export type CategoryKind = (typeof CATEGORY_KINDS)[number];

export const CategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** How many videos (or discounts) are filed under it: one in use cannot be deleted. */
  use_count: z.number().int(),
});
export type Category = z.infer<typeof CategorySchema>;

export const CategoryListSchema = z.array(CategorySchema);

export const CategoryCreateSchema = z.strictObject({
  name: z
    .string({ error: MESSAGES.categoryNameEmpty })
    .trim()
    .min(1, MESSAGES.categoryNameEmpty)
    .max(CATEGORY_NAME_MAX_LENGTH, `Le nom fait ${CATEGORY_NAME_MAX_LENGTH} caractères au plus.`),
});
export type CategoryCreate = z.infer<typeof CategoryCreateSchema>;
