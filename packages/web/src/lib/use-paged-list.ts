import { useMemo } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedListOptions } from './paged-list-query.ts';

/**
 * A server-searched, keyset-paged list (`{ items, nextCursor }` pages). `search` is the `q` of a
 * searched list, or the filters of another; `queryKey` must include it so each keeps its pages.
 */
export function usePagedList<T>(
  queryKey: readonly unknown[],
  url: string,
  search: string | Record<string, string | undefined>,
) {
  const query = useInfiniteQuery(pagedListOptions<T>(queryKey, url, search));
  const { data } = query;
  // The same array while the pages are the same: lists defer their rendering on it.
  const items = useMemo(() => data?.pages.flatMap((page) => page.items) ?? [], [data]);
  return { ...query, items };
}
