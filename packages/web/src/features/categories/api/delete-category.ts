import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CategoryKind } from '@coulisses/domain/schemas/categories';
import { api } from '../../../lib/api-client.ts';
import { categoriesUrl, categoryKeys } from './category-keys.ts';

export function useDeleteCategory(kind: CategoryKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`${categoriesUrl(kind)}/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: categoryKeys.list(kind) }),
  });
}
