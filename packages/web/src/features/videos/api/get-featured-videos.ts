import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeaturedList } from '@coulisses/domain/schemas/videos';
import { api } from '../../../lib/api-client.ts';
import { videoKeys } from './video-keys.ts';

export const FEATURED_VIDEOS_URL = '/api/featured-videos';

const readFeatured = ({ signal }: { signal: AbortSignal }) =>
  api.get<FeaturedList>(FEATURED_VIDEOS_URL, signal);

/** The featured list in the app's order, for the 'À la une' view. */
export const featuredVideosQueryOptions = queryOptions({
  queryKey: videoKeys.featured,
  queryFn: readFeatured,
});

export function useFeaturedVideos() {
  return useQuery(featuredVideosQueryOptions);
}

/**
 * Reads the featured list as it is on the server right now (never a cached copy): what featuring
 * one more video would push out must be the truth of this moment.
 */
export function useFetchFeaturedVideos() {
  const queryClient = useQueryClient();
  return () => queryClient.fetchQuery({ ...featuredVideosQueryOptions, staleTime: 0 });
}
