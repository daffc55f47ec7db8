import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A refusal will not change by asking again; a network hiccup might.
        retry: (count, error) => count < 2 && error instanceof ApiError && error.status === 0,
      },
      mutations: { retry: false },
    },
  });
}
