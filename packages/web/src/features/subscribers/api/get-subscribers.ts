import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { UserListItem } from '@coulisses/domain/schemas/users';
import { usePagedList } from '../../../lib/use-paged-list.ts';
import { subscriberKeys, subscribersList } from './subscriber-keys.ts';

/** The subscribers by e-mail, 500 a page, searched on the server by e-mail. */
export function useSubscribers(search: string) {
  return usePagedList<UserListItem>(subscribersList(search));
}

/** Marks the subscribers list out of date, for changes made elsewhere (it shows the creator flag). */
export function useRefreshSubscribers(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: subscriberKeys.all }), [queryClient]);
}
