export const discountKeys = {
  all: ['discounts'] as const,
  list: (search: string) => ['discounts', 'list', search] as const,
  one: (id: string) => ['discounts', 'one', id] as const,
};

export const DISCOUNTS_URL = '/api/discounts';
