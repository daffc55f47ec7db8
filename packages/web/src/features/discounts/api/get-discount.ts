import { useQuery } from '@tanstack/react-query';
import type { Discount } from '@coulisses/domain/schemas/discounts';
import { api } from '../../../lib/api-client.ts';
import { DISCOUNTS_URL, discountKeys } from './discount-keys.ts';

/** One discount as its edit form opens it. */
export function useDiscount(id: string) {
  return useQuery({
    queryKey: discountKeys.one(id),
    queryFn: ({ signal }) => api.get<Discount>(`${DISCOUNTS_URL}/${encodeURIComponent(id)}`, signal),
  });
}
