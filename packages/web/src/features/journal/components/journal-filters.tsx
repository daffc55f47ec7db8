import { useId, useState, type FormEvent } from 'react';
import { JOURNAL_KIND_LABELS } from '@coulisses/domain/rules/journal-text';
import { JOURNAL_KINDS } from '@coulisses/domain/constants/journal';

export interface JournalFilterValues {
  actor: string;
  kind: string;
}

/** Who (an e-mail, exactly) and what kind: applied with 'Filtrer', emptied with 'Tout voir'. */
export function JournalFilters({
  filters,
  onFilter,
}: {
  filters: JournalFilterValues;
  onFilter: (next: JournalFilterValues) => void;
}) {
  const [draft, setDraft] = useState(filters);
  const [shown, setShown] = useState(filters);
  // Back to earlier filters: the form shows them.
  if (filters.actor !== shown.actor || filters.kind !== shown.kind) {
    setShown(filters);
    setDraft(filters);
  }
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onFilter({ actor: draft.actor.trim(), kind: draft.kind });
  };
  return (
    <form className="journal-filters card" role="search" aria-label="Filtrer le journal" onSubmit={submit}>
      <div className="field">
        <label htmlFor={`${id}-actor`}>Qui</label>
        <input
          id={`${id}-actor`}
          type="email"
          placeholder="E-mail de la personne"
          maxLength={254}
          value={draft.actor}
          onChange={(event) => setDraft({ ...draft, actor: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-kind`}>Action</label>
        <select
          id={`${id}-kind`}
          value={draft.kind}
          onChange={(event) => setDraft({ ...draft, kind: event.target.value })}
        >
          <option value="">Toutes</option>
          {JOURNAL_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {JOURNAL_KIND_LABELS[kind]}
            </option>
          ))}
        </select>
      </div>
      <div className="form-actions">
        <button type="submit" className="button button-primary">
          Filtrer
        </button>
        {(filters.actor || filters.kind) && (
          <button type="button" className="button" onClick={() => onFilter({ actor: '', kind: '' })}>
            Tout voir
          </button>
        )}
      </div>
    </form>
  );
}
