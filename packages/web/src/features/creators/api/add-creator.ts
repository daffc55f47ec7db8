import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddCreator, CreatorListItem } from '@coulisses/domain/schemas/creators';
import { api } from '../../../lib/api-client.ts';
import { creatorKeys } from './creator-keys.ts';

export function useAddCreator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddCreator) => api.post<CreatorListItem>('/api/creators', input),
    // The subscribers list shows the creator flag too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: creatorKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['users'] }),
      ]),
  });
}
