import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { SUBSCRIBERS_URL, subscriberKeys } from './subscriber-keys.ts';

/** Mutes a member (no more comments from them) or gives them their voice back. */
export function useSetCommentsMuted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, muted }: { userId: string; muted: boolean }) =>
      api.put<unknown>(`${SUBSCRIBERS_URL}/${encodeURIComponent(userId)}/comments-muted`, { muted }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: subscriberKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['comments'] }),
      ]),
  });
}
