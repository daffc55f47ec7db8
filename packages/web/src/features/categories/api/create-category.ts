import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category, CategoryCreate, CategoryKind } from '@coulisses/domain/schemas/categories';
import { api } from '../../../lib/api-client.ts';
import { categoriesUrl, categoryKeys } from './category-keys.ts';

export function useCreateCategory(kind: CategoryKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CategoryCreate) => api.post<Category>(categoriesUrl(kind), input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.list(kind) }),
  });
}
