import { useMemo } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { Page } from '@coulisses/domain/schemas/common';
import { api, withQuery } from './api-client.ts';

/**
 * A server-searched, keyset-paged list (`{ items, nextCursor }` pages). `queryKey` must include
 * the search so each query keeps its own pages.
 */
export function usePagedList<T>(queryKey: readonly unknown[], url: string, search: string) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<T>>(withQuery(url, { q: search || undefined, after: pageParam }), signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const { data } = query;
  // The same array while the pages are the same: lists defer their rendering on it.
  const items = useMemo(() => data?.pages.flatMap((page) => page.items) ?? [], [data]);
  return { ...query, items };
}
