import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { DISCOUNTS_URL, discountKeys } from './discount-keys.ts';

/** Deletes a discount and its image on the server, then reloads the list. */
export function useDeleteDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`${DISCOUNTS_URL}/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: discountKeys.all }),
  });
}
