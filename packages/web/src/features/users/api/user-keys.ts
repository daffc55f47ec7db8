export const userKeys = {
  all: ['users'] as const,
  list: (search: string) => ['users', 'list', search] as const,
};
