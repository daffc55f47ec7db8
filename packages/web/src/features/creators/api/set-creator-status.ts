import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { creatorKeys } from './creator-keys.ts';

export function useSetCreatorStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      api.put<null>(`/api/creators/${encodeURIComponent(id)}/status`, { active }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: creatorKeys.list }),
  });
}
