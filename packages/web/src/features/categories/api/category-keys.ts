import type { CategoryKind } from '@coulisses/domain/schemas/categories';

export const categoryKeys = {
  all: ['categories'] as const,
  list: (kind: CategoryKind) => ['categories', kind] as const,
};

export const categoriesUrl = (kind: CategoryKind) => `/api/${kind}-categories`;
