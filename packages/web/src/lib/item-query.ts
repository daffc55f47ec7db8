import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@coulisses/domain/messages';
import { isItemId } from '@coulisses/domain/rules/item-id';
import { api, ApiError } from './api-client.ts';

/**
 * One item from `${listUrl}/${id}`. An address that cannot name one is "not found", like an id
 * that names nothing: an id too long for any item, and one spelt like a route of the list itself
 * (`/api/videos/mine` answers a list, not a video).
 */
async function getItem<T extends { id: string }>(
  listUrl: string,
  id: string,
  signal: AbortSignal,
): Promise<T> {
  if (isItemId(id)) {
    const item = await api.get<T>(`${listUrl}/${encodeURIComponent(id)}`, signal);
    if (item.id === id) return item;
  }
  throw new ApiError(404, 'not_found', MESSAGES.notFound);
}

/** A feature's query keys: every query of its items, and one item's. */
interface ItemKeys {
  all: readonly unknown[];
  one: (id: string) => readonly unknown[];
}

/**
 * One item as its edit page opens it, started with the page's code (app/page-data.ts). An item
 * gone meanwhile (deleted from another screen) makes the lists that showed it stale: going back to
 * one reloads it without the item.
 */
export function itemQueryOptions<T extends { id: string }>(
  queryClient: QueryClient,
  keys: ItemKeys,
  listUrl: string,
  id: string,
) {
  return queryOptions({
    queryKey: keys.one(id),
    queryFn: async ({ signal }) => {
      try {
        return await getItem<T>(listUrl, id, signal);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) {
          void queryClient.invalidateQueries({ queryKey: keys.all, refetchType: 'none' });
        }
        throw error;
      }
    },
  });
}
