export const pageKeys = {
  settings: ['page', 'settings'] as const,
};

export const PAGE_URL = '/api/page';
