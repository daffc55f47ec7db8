import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PageSettings } from '@coulisses/domain/schemas/page';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth.tsx';
import { pageKeys, PAGE_URL } from './page-keys.ts';
import { useRefreshPageStatus } from './use-refresh-page-status.ts';

export const pageSettingsQueryOptions = queryOptions({
  queryKey: pageKeys.settings,
  queryFn: ({ signal }) => api.get<PageSettings>(PAGE_URL, signal),
});

/**
 * The signed-in creator's own page. When it shows a publication or suspension the session does
 * not know yet (changed elsewhere), the session is read again so the menu and gates agree.
 */
export function usePageSettings() {
  const query = useQuery(pageSettingsQueryOptions);
  const refreshPageStatus = useRefreshPageStatus();
  const creator = useSession().data?.user.creator;
  const page = query.data;
  const stale =
    !!page && !!creator && (page.is_live !== creator.is_live || page.is_active !== creator.is_active);
  useEffect(() => {
    if (stale) void refreshPageStatus();
  }, [stale, refreshPageStatus]);
  return query;
}
