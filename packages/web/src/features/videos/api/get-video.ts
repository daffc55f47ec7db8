import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Video } from '@coulisses/domain/schemas/videos';
import { itemQueryOptions } from '../../../lib/item-query.ts';
import { VIDEOS_URL, videoKeys } from './video-keys.ts';

export const videoQueryOptions = (queryClient: QueryClient, id: string) =>
  itemQueryOptions<Video>(queryClient, videoKeys, VIDEOS_URL, id);

/** One video as its edit form opens it. */
export function useVideo(id: string) {
  return useQuery(videoQueryOptions(useQueryClient(), id));
}
