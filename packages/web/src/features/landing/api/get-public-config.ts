import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { landingKeys, PUBLIC_CONFIG_URL } from './landing-keys.ts';

interface PublicConfig {
  appStoreUrl: string;
}

export const publicConfigQueryOptions = queryOptions({
  queryKey: landingKeys.publicConfig,
  queryFn: () => api.get<PublicConfig>(PUBLIC_CONFIG_URL),
  staleTime: Infinity,
});

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions);
}
