import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { SUBSCRIBERS_URL } from './subscriber-keys.ts';

export function useEndSessions() {
  return useMutation({
    mutationFn: (userId: string) =>
      api.delete<null>(`${SUBSCRIBERS_URL}/${encodeURIComponent(userId)}/sessions`),
  });
}
