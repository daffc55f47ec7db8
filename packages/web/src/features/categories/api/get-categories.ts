import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category, CategoryKind } from '@coulisses/domain/schemas/categories';
import { api } from '../../../lib/api-client.ts';
import { categoriesUrl, categoryKeys } from './category-keys.ts';

export const categoriesQueryOptions = (kind: CategoryKind) =>
  queryOptions({
    queryKey: categoryKeys.list(kind),
    queryFn: ({ signal }) => api.get<Category[]>(categoriesUrl(kind), signal),
  });

/** The categories of a kind ('video' or 'discount'), sorted by name by the server. */
export function useCategories(kind: CategoryKind) {
  return useQuery(categoriesQueryOptions(kind));
}
