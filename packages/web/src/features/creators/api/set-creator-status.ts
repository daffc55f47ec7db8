import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { CREATORS_URL, creatorKeys } from './creator-keys.ts';

export function useSetCreatorStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      api.put<null>(`${CREATORS_URL}/${encodeURIComponent(id)}/status`, { active }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: creatorKeys.list }),
  });
}
