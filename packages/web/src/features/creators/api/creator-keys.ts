export const creatorKeys = {
  all: ['creators'] as const,
  list: ['creators', 'list'] as const,
};
