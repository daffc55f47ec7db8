import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

interface PublicConfig {
  appStoreUrl: string;
}

export const publicConfigQueryOptions = queryOptions({
  queryKey: ['public-config'],
  queryFn: () => api.get<PublicConfig>('/api/config'),
  staleTime: Infinity,
});

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions);
}
