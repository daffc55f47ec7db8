import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddCreator, CreatorListItem } from '@coulisses/domain/schemas/creators';
import { api } from '../../../lib/api-client.ts';
import { CREATORS_URL, creatorKeys } from './creator-keys.ts';

export function useAddCreator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddCreator) => api.post<CreatorListItem>(CREATORS_URL, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creatorKeys.all }),
  });
}
