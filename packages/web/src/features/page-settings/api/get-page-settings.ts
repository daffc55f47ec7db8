import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageSettings } from '@coulisses/domain/schemas/page';
import { api } from '../../../lib/api-client.ts';
import { sessionKeys, useSession } from '../../../lib/auth.tsx';
import { pageKeys } from './page-keys.ts';

export const pageSettingsQueryOptions = queryOptions({
  queryKey: pageKeys.settings,
  queryFn: ({ signal }) => api.get<PageSettings>('/api/page', signal),
});

/**
 * The signed-in creator's own page. When it shows a publication or suspension the session does
 * not know yet (changed elsewhere), the session is read again so the menu and gates agree.
 */
export function usePageSettings() {
  const query = useQuery(pageSettingsQueryOptions);
  const queryClient = useQueryClient();
  const creator = useSession().data?.user.creator;
  const page = query.data;
  const stale =
    !!page && !!creator && (page.is_live !== creator.is_live || page.is_active !== creator.is_active);
  useEffect(() => {
    if (stale) void queryClient.invalidateQueries({ queryKey: sessionKeys.current });
  }, [stale, queryClient]);
  return query;
}
