import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { sessionKeys } from '../../../lib/auth.tsx';
import { pageKeys } from './page-keys.ts';

/**
 * Reads the creator's page status again, after a publish, a save, or a refusal that may mean the
 * page was unpublished or the account suspended meanwhile: the session (menu, add-video gate) and
 * the page settings then agree with the server.
 */
export function useRefreshPageStatus(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: sessionKeys.current }),
      queryClient.invalidateQueries({ queryKey: pageKeys.settings }),
    ]);
  }, [queryClient]);
}
