import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment } from '@coulisses/domain/schemas/comments';
import { api } from '../../../lib/api-client.ts';
import { COMMENTS_URL, commentKeys } from './comment-keys.ts';

const commentUrl = (id: string) => `${COMMENTS_URL}/${encodeURIComponent(id)}`;

/**
 * After any moderation the lists and the dashboard's counts are read again: a hidden comment
 * leaves the reported ones waiting.
 */
function useModeration<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: commentKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['stats'] }),
      ]),
  });
}

/** Hides a comment from the app, or shows it again (the video's owner or the superadmin). */
export function useSetCommentHidden() {
  return useModeration(({ id, hidden }: { id: string; hidden: boolean }) =>
    api.put<Comment>(`${commentUrl(id)}/hidden`, { hidden }),
  );
}

/** Deletes a comment for good (the superadmin). */
export function useDeleteComment() {
  return useModeration((id: string) => api.delete<null>(commentUrl(id)));
}
