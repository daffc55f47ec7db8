import { useQuery } from '@tanstack/react-query';
import type { Discount } from '@coulisses/domain/schemas/discounts';
import { getItem } from '../../../lib/get-item.ts';
import { DISCOUNTS_URL, discountKeys } from './discount-keys.ts';

/** One discount as its edit form opens it. */
export function useDiscount(id: string) {
  return useQuery({
    queryKey: discountKeys.one(id),
    queryFn: ({ signal }) => getItem<Discount>(DISCOUNTS_URL, id, signal),
  });
}
