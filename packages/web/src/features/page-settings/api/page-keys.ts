export const pageKeys = {
  settings: ['page', 'settings'] as const,
};
