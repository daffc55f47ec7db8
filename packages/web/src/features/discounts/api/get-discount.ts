import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Discount } from '@coulisses/domain/schemas/discounts';
import { itemQueryOptions } from '../../../lib/item-query.ts';
import { DISCOUNTS_URL, discountKeys } from './discount-keys.ts';

export const discountQueryOptions = (queryClient: QueryClient, id: string) =>
  itemQueryOptions<Discount>(queryClient, discountKeys, DISCOUNTS_URL, id);

/** One discount as its edit form opens it. */
export function useDiscount(id: string) {
  return useQuery(discountQueryOptions(useQueryClient(), id));
}
