import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False while React takes over a page the build prerendered (and during the prerendering itself),
 * true once the page's code runs it: what only works with that code can wait for it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
