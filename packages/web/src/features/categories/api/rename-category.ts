import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category, CategoryCreate, CategoryKind } from '@coulisses/domain/schemas/categories';
import { api } from '../../../lib/api-client.ts';
import { categoriesUrl } from './category-keys.ts';

export function useRenameCategory(kind: CategoryKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: CategoryCreate & { id: string }) =>
      api.put<Category>(`${categoriesUrl(kind)}/${encodeURIComponent(id)}`, input),
    // Lists showing the category's name (videos, discounts) read it again too.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
