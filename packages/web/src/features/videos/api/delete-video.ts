import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { VIDEOS_URL, videoKeys } from './video-keys.ts';

/** Deletes a video; every video list reloads afterwards, whatever the outcome. */
export function useDeleteVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`${VIDEOS_URL}/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: videoKeys.all }),
  });
}
