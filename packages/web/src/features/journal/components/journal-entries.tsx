import {
  actorText,
  describeChanges,
  formatJournalTime,
  JOURNAL_KIND_LABELS,
} from '@coulisses/domain/rules/journal-text';
import type { JournalEntry } from '@coulisses/domain/schemas/journal';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import type { useActivity } from '../api/get-journal.ts';

type PagedEntries = ReturnType<typeof useActivity>;

function Entry({ entry, showActor }: { entry: JournalEntry; showActor: boolean }) {
  const changes = describeChanges(entry.changes);
  return (
    <li className="journal-entry">
      <p className="journal-entry-head">
        <time dateTime={new Date(entry.at).toISOString()}>{formatJournalTime(entry.at)}</time>
        {showActor && <span className="journal-entry-actor">{actorText(entry)}</span>}
      </p>
      <p>
        <strong>{JOURNAL_KIND_LABELS[entry.kind]}</strong> : {entry.item.label}
      </p>
      {changes && <p className="journal-entry-changes">{changes}</p>}
    </li>
  );
}

/** Entries newest first, with loading, failure, empty and 'Charger plus'. */
export function JournalEntries({
  list,
  label,
  emptyMessage,
  showActor = true,
}: {
  list: PagedEntries;
  label: string;
  emptyMessage: string;
  showActor?: boolean;
}) {
  const { items, isPending, isError, refetch, hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  return (
    <>
      {isPending && <Loading />}
      {isError && <LoadError message="Impossible de charger le journal." onRetry={() => void refetch()} />}
      {!isPending && !isError && items.length === 0 && <p className="empty-state">{emptyMessage}</p>}
      {items.length > 0 && (
        <ol className="journal-list" aria-label={label}>
          {items.map((entry) => (
            <Entry key={entry.id} entry={entry} showActor={showActor} />
          ))}
        </ol>
      )}
      <LoadMore hasMore={!!hasNextPage} loading={isFetchingNextPage} onLoad={() => void fetchNextPage()} />
    </>
  );
}
