import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';

/** The element of a page drawn by the server that holds the data it was drawn with. */
export const PAGE_STATE_ID = 'page-state';

/**
 * Puts the data a page was drawn with on the server into `queryClient`, so that the app draws
 * the same page without asking for it again. False when the page came without any: prerendered
 * by the build, signed out (src/prerender-entry.tsx).
 */
export function takeOverPageState(queryClient: QueryClient): boolean {
  const element = document.getElementById(PAGE_STATE_ID);
  if (!element?.textContent) return false;
  hydrate(queryClient, JSON.parse(element.textContent) as DehydratedState);
  return true;
}
