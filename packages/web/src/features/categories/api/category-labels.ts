import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Category, CategoryKind } from '@coulisses/domain/schemas/categories';
import { categoriesQueryOptions } from './get-categories.ts';

const namesById = (categories: Category[]) => new Map(categories.map((c) => [c.id, c.name]));

/**
 * Writes a list of category ids as their names ('Cuisine · Voyage'), from the categories already
 * cached for the pickers; ids not (yet) known are left out rather than shown raw.
 */
export function useCategoryLabels(kind: CategoryKind): (ids: readonly string[]) => string {
  const { data } = useQuery({ ...categoriesQueryOptions(kind), select: namesById });
  return useCallback(
    (ids) =>
      ids
        .map((id) => data?.get(id))
        .filter((name): name is string => !!name)
        .join(' · '),
    [data],
  );
}
