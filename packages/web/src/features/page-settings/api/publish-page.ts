import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PageSettings } from '@coulisses/domain/schemas/page';
import { api } from '../../../lib/api-client.ts';
import { pageKeys, PAGE_URL } from './page-keys.ts';
import { useRefreshPageStatus } from './use-refresh-page-status.ts';

/** Publishes or unpublishes the own page; the session follows, so the add-video gate opens at once. */
export function usePublishPage() {
  const queryClient = useQueryClient();
  const refreshPageStatus = useRefreshPageStatus();
  return useMutation({
    mutationFn: (live: boolean) => api.put<{ is_live: boolean }>(`${PAGE_URL}/publish`, { live }),
    onSuccess: ({ is_live }) =>
      queryClient.setQueryData<PageSettings>(pageKeys.settings, (page) => page && { ...page, is_live }),
    onSettled: refreshPageStatus,
  });
}
