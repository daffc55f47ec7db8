import type { Discount } from '@coulisses/domain/schemas/discounts';
import { pagedListOptions } from '../../../lib/paged-list-query.ts';

export const discountKeys = {
  all: ['discounts'] as const,
  list: (search: string) => ['discounts', 'list', search] as const,
  one: (id: string) => ['discounts', 'one', id] as const,
};

export const DISCOUNTS_URL = '/api/discounts';

/** Discounts by title, 50 a page; a non-empty `search` asks the server for matching titles. */
export const discountsList = (search: string) =>
  pagedListOptions<Discount>(discountKeys.list(search), DISCOUNTS_URL, search);
