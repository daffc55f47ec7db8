import type { JournalEntry } from '@coulisses/domain/schemas/journal';
import { pagedListOptions } from '../../../lib/paged-list-query.ts';

export interface JournalFilters {
  /** Who did it: an e-mail, or empty for anyone. */
  actor: string;
  /** What was done: an entry's kind, or empty for every kind. */
  kind: string;
}

/** The filters the journal's address holds (`?actor=…&kind=…`). */
export const journalFiltersOf = (params: URLSearchParams): JournalFilters => ({
  actor: params.get('actor') ?? '',
  kind: params.get('kind') ?? '',
});

export const journalKeys = {
  all: ['journal'] as const,
  list: (filters: JournalFilters) => ['journal', 'list', filters] as const,
  mine: ['journal', 'mine'] as const,
};

export const JOURNAL_URL = '/api/journal';

/** The journal, newest first, 50 a page, filtered by who (an e-mail) and by kind. */
export const journalList = (filters: JournalFilters) =>
  pagedListOptions<JournalEntry>(journalKeys.list(filters), JOURNAL_URL, { ...filters });

/** A creator's 'Activité': what was done to their account and videos. */
export const activityList = () => pagedListOptions<JournalEntry>(journalKeys.mine, `${JOURNAL_URL}/mine`, {});
