import { useActivity } from '../api/get-journal.ts';
import { JournalEntries } from './journal-entries.tsx';

/** A creator's 'Activité' on their dashboard: what was done to their account and videos, by whom. */
export function Activity() {
  const list = useActivity();
  return (
    <section aria-labelledby="activity">
      <h2 id="activity">Activité</h2>
      <JournalEntries list={list} label="Activité" emptyMessage="Rien à signaler pour l’instant." />
    </section>
  );
}
