import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PageSettings } from '@coulisses/domain/schemas/page';
import { api } from '../../../lib/api-client.ts';
import { sessionKeys } from '../../../lib/auth.tsx';
import { pageKeys } from './page-keys.ts';

/** Publishes or unpublishes the own page; the session follows, so the add-video gate opens at once. */
export function usePublishPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (live: boolean) => api.put<{ is_live: boolean }>('/api/page/publish', { live }),
    onSuccess: ({ is_live }) =>
      queryClient.setQueryData<PageSettings>(pageKeys.settings, (page) => page && { ...page, is_live }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionKeys.current }),
        queryClient.invalidateQueries({ queryKey: pageKeys.settings }),
      ]),
  });
}
