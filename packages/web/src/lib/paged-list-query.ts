import { infiniteQueryOptions } from '@tanstack/react-query';
import type { Page } from '@coulisses/domain/schemas/common';
import { api, withQuery } from './api-client.ts';

/**
 * The query of a server-searched, keyset-paged list (`{ items, nextCursor }` pages). `search` is
 * the `q` of a searched list, or the filters of another; `queryKey` must include it so each keeps
 * its pages. Apart from the hook (use-paged-list.ts), so that the entry chunk can start a page's
 * list before the page's code is there (app/page-data.ts) without carrying the hook.
 */
export function pagedListOptions<T>(
  queryKey: readonly unknown[],
  url: string,
  search: string | Record<string, string | undefined>,
) {
  const params = typeof search === 'string' ? { q: search } : search;
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<T>>(withQuery(url, { ...params, after: pageParam }), signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
