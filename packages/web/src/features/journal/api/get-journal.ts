import type { JournalEntry } from '@coulisses/domain/schemas/journal';
import { usePagedList } from '../../../lib/use-paged-list.ts';
import { JOURNAL_URL, journalKeys } from './journal-keys.ts';

/** The journal, newest first, 50 a page, filtered by who (an e-mail) and by kind. */
export function useJournal(filters: { actor: string; kind: string }) {
  return usePagedList<JournalEntry>(journalKeys.list(filters), JOURNAL_URL, filters);
}

/** A creator's 'Activité': what was done to their account and videos. */
export function useActivity() {
  return usePagedList<JournalEntry>(journalKeys.mine, `${JOURNAL_URL}/mine`, {});
}
