import { useQuery } from '@tanstack/react-query';
import type { Video } from '@coulisses/domain/schemas/videos';
import { getItem } from '../../../lib/get-item.ts';
import { VIDEOS_URL, videoKeys } from './video-keys.ts';

/** One video as its edit form opens it. */
export function useVideo(id: string) {
  return useQuery({
    queryKey: videoKeys.one(id),
    queryFn: ({ signal }) => getItem<Video>(VIDEOS_URL, id, signal),
  });
}
