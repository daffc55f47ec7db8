import { StrictMode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { LocationProvider, StaticLocationProvider } from '../lib/router.tsx';
import { AppProvider } from './provider.tsx';
import { AppRouter } from './router.tsx';

/**
 * The app, from its providers down to the page: at the browser's location, or at `prerenderPath`
 * (`/path?query`) when the build or the server draws that page. One tree for both, since React
 * takes a drawn page over only if the browser draws exactly what the build or the server did.
 */
export function App({ queryClient, prerenderPath }: { queryClient: QueryClient; prerenderPath?: string }) {
  return (
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        {prerenderPath === undefined ? (
          <LocationProvider>
            <AppRouter />
          </LocationProvider>
        ) : (
          <StaticLocationProvider address={prerenderPath}>
            <AppRouter />
          </StaticLocationProvider>
        )}
      </AppProvider>
    </StrictMode>
  );
}
