export const journalKeys = {
  all: ['journal'] as const,
  list: (filters: { actor: string; kind: string }) => ['journal', 'list', filters] as const,
  mine: ['journal', 'mine'] as const,
};

export const JOURNAL_URL = '/api/journal';
