import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeaturedState } from '@coulisses/domain/schemas/videos';
import { api } from '../../../lib/api-client.ts';
import { VIDEOS_URL, videoKeys } from './video-keys.ts';

/** Features or unfeatures a video; answers the new state. Featuring may push another one out. */
export function useToggleFeatured() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<FeaturedState>(`${VIDEOS_URL}/${encodeURIComponent(id)}/featured`),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: videoKeys.everyone }),
        queryClient.invalidateQueries({ queryKey: videoKeys.featured }),
      ]),
  });
}
