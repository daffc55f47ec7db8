export const creatorKeys = {
  all: ['creators'] as const,
  list: ['creators', 'list'] as const,
};

export const CREATORS_URL = '/api/creators';
