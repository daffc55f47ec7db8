import { journalFiltersOf } from '../../features/journal/api/journal-keys.ts';
import { useJournal } from '../../features/journal/api/get-journal.ts';
import { JournalEntries } from '../../features/journal/components/journal-entries.tsx';
import { JournalFilters } from '../../features/journal/components/journal-filters.tsx';
import { useQueryParams } from '../../lib/router.tsx';
import { RequireSuperadmin } from '../guards.tsx';

function Journal() {
  const [params, setParams] = useQueryParams();
  const filters = journalFiltersOf(params);
  const list = useJournal(filters);
  return (
    <section className="page journal-page">
      <h1>Journal</h1>
      <p className="lead">Qui a fait quoi, le plus récent en haut. Rien ne s’y efface.</p>
      <JournalFilters filters={filters} onFilter={(next) => setParams({ ...next })} />
      <JournalEntries
        list={list}
        label="Entrées du journal"
        emptyMessage={
          filters.actor || filters.kind
            ? 'Rien dans le journal pour ces filtres.'
            : 'Le journal est encore vide.'
        }
      />
    </section>
  );
}

export function Component() {
  return (
    <RequireSuperadmin>
      <Journal />
    </RequireSuperadmin>
  );
}
