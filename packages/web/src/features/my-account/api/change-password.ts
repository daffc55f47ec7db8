import { useMutation } from '@tanstack/react-query';
import type { PasswordChange } from '@coulisses/domain/schemas/my-account';
import { api } from '../../../lib/api-client.ts';

export function useChangePassword() {
  return useMutation({
    mutationFn: (change: PasswordChange) => api.put<null>('/api/my-account/password', change),
  });
}
