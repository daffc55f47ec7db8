import { useMemo } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { pagedListOptions } from './paged-list-query.ts';

/**
 * A server-searched, keyset-paged list (`{ items, nextCursor }` pages), from its query
 * (paged-list-query.ts), which each feature declares beside its keys so that the app can start it
 * before the list's code is there (app/page-data.ts).
 */
export function usePagedList<T>(options: ReturnType<typeof pagedListOptions<T>>) {
  const query = useInfiniteQuery(options);
  const { data } = query;
  // The same array while the pages are the same: lists defer their rendering on it.
  const items = useMemo(() => data?.pages.flatMap((page) => page.items) ?? [], [data]);
  return { ...query, items };
}
