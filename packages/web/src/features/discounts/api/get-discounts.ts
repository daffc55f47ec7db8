import type { Discount } from '@coulisses/domain/schemas/discounts';
import { usePagedList } from '../../../lib/use-paged-list.ts';
import { discountsList } from './discount-keys.ts';

/** Discounts by title, 50 a page; a non-empty `search` asks the server for matching titles. */
export function useDiscounts(search: string) {
  return usePagedList<Discount>(discountsList(search));
}
