import type { Discount } from '@coulisses/domain/schemas/discounts';
import { useItem } from '../../../lib/item-query.ts';
import { DISCOUNTS_URL, discountKeys } from './discount-keys.ts';

/** One discount as its edit form opens it. */
export function useDiscount(id: string) {
  return useItem<Discount>(discountKeys, DISCOUNTS_URL, id);
}
