import type { JournalEntry } from '@coulisses/domain/schemas/journal';
import { usePagedList } from '../../../lib/use-paged-list.ts';
import { activityList, journalList, type JournalFilters } from './journal-keys.ts';

/** The journal, newest first, 50 a page, filtered by who (an e-mail) and by kind. */
export function useJournal(filters: JournalFilters) {
  return usePagedList<JournalEntry>(journalList(filters));
}

/** A creator's 'Activité': what was done to their account and videos. */
export function useActivity() {
  return usePagedList<JournalEntry>(activityList());
}
