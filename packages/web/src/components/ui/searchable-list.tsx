import { useDeferredValue, type ReactNode } from 'react';
import type { usePagedList } from '../../lib/use-paged-list.ts';
import { LoadError } from './load-error.tsx';
import { LoadMore } from './load-more.tsx';
import { Loading } from './loading.tsx';
import { SearchForm } from './search-form.tsx';

/** Items a phone's screen shows as a list opens (styles/lists.css): drawn before the others. */
const FIRST_FILL = 6;

interface SearchableListProps<T> {
  className: string;
  label: string;
  searchLabel: string;
  searchButtonLabel: string;
  searchPlaceholder: string;
  search: string;
  onSearch: (query: string) => void;
  list: ReturnType<typeof usePagedList<T>>;
  loadErrorMessage: string;
  /** Said when nothing matches (or nothing exists yet). */
  emptyMessage: string;
  /** The next step offered when the list is empty without a search (add the first one). */
  emptyAction?: ReactNode;
  /** Shown beside the search box, for what concerns the whole list (an export). */
  actions?: ReactNode;
  /** The items, once there are some. */
  children: (items: T[]) => ReactNode;
}

/** A server-searched, paged list: search box, loading, failure with 'Réessayer', empty, 'Charger plus'. */
export function SearchableList<T>({
  className,
  label,
  searchLabel,
  searchButtonLabel,
  searchPlaceholder,
  search,
  onSearch,
  list,
  loadErrorMessage,
  emptyMessage,
  emptyAction,
  actions,
  children,
}: SearchableListProps<T>) {
  const { items, isPending, isError, refetch, hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  // Fifty cards at once are one long task: deferred, React renders them in slices between which
  // the page stays responsive. When the list first fills, a screenful is drawn at once, so a phone
  // shows its first cards and their pictures without waiting for the other forty-odd.
  const deferred = useDeferredValue(items);
  const shown = deferred.length === 0 ? items.slice(0, FIRST_FILL) : deferred;
  return (
    <section className={className} aria-label={label}>
      <div className="list-toolbar">
        <SearchForm
          search={search}
          label={searchLabel}
          buttonLabel={searchButtonLabel}
          placeholder={searchPlaceholder}
          onSearch={onSearch}
        />
        {actions}
      </div>
      {isPending && <Loading />}
      {isError && <LoadError message={loadErrorMessage} onRetry={() => void refetch()} />}
      {!isPending && !isError && items.length === 0 && (
        <div className="empty-state">
          <p>{emptyMessage}</p>
          {!search && emptyAction}
        </div>
      )}
      {shown.length > 0 && children(shown)}
      {/* Under the first cards, not above them while they are drawn (it would be pushed down). */}
      <LoadMore
        hasMore={hasNextPage && deferred.length > 0}
        loading={isFetchingNextPage}
        onLoad={() => void fetchNextPage()}
      />
    </section>
  );
}
