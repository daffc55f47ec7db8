import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moveInList } from '@coulisses/domain/rules/featured-list';
import type { FeaturedList } from '@coulisses/domain/schemas/videos';
import { api } from '../../../lib/api-client.ts';
import { FEATURED_VIDEOS_URL } from './get-featured-videos.ts';
import { videoKeys } from './video-keys.ts';

const itemUrl = (id: string) => `${FEATURED_VIDEOS_URL}/${encodeURIComponent(id)}`;

/**
 * Moves a featured video: the list shows the new order at once, then the server's answer; a
 * refusal puts back what the server has.
 */
export function useMoveFeatured() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, position }: { id: string; position: number }) =>
      api.put<FeaturedList>(`${itemUrl(id)}/position`, { position }),
    onMutate: async ({ id, position }) => {
      await queryClient.cancelQueries({ queryKey: videoKeys.featured });
      queryClient.setQueryData<FeaturedList>(videoKeys.featured, (list) => {
        if (!list) return list;
        const order = moveInList(
          list.items.map((item) => item.id),
          id,
          position,
        );
        if (!order) return list;
        return { items: order.map((each) => list.items.find((item) => item.id === each)!) };
      });
    },
    onSuccess: (list) => queryClient.setQueryData(videoKeys.featured, list),
    onError: () => queryClient.invalidateQueries({ queryKey: videoKeys.featured }),
  });
}

/** Takes a video out of the featured list; the cards of 'Toutes les vidéos' follow. */
export function useUnfeature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<FeaturedList>(itemUrl(id)),
    onSuccess: (list) => queryClient.setQueryData(videoKeys.featured, list),
    onSettled: () => queryClient.invalidateQueries({ queryKey: videoKeys.everyone }),
  });
}
