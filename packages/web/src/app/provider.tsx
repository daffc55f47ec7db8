import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client.ts';
import { AlertProvider } from '../components/ui/alert-box.tsx';
import { ConfirmProvider } from '../components/ui/confirm-modal.tsx';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AlertProvider>
        <ConfirmProvider>{children}</ConfirmProvider>
      </AlertProvider>
    </QueryClientProvider>
  );
}
