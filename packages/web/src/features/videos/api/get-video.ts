import { useQuery } from '@tanstack/react-query';
import type { Video } from '@coulisses/domain/schemas/videos';
import { api } from '../../../lib/api-client.ts';
import { VIDEOS_URL, videoKeys } from './video-keys.ts';

/** One video as its edit form opens it. */
export function useVideo(id: string) {
  return useQuery({
    queryKey: videoKeys.one(id),
    queryFn: ({ signal }) => api.get<Video>(`${VIDEOS_URL}/${encodeURIComponent(id)}`, signal),
  });
}
