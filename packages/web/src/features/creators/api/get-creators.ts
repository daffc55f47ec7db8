import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreatorList } from '@coulisses/domain/schemas/creators';
import { api } from '../../../lib/api-client.ts';
import { CREATORS_URL, creatorKeys } from './creator-keys.ts';

export const creatorsQueryOptions = queryOptions({
  queryKey: creatorKeys.list,
  queryFn: ({ signal }) => api.get<CreatorList>(CREATORS_URL, signal),
});

export function useCreators() {
  return useQuery(creatorsQueryOptions);
}
