import { startTransition, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@coulisses/domain/constants/limits';

/** A page's code could not be fetched (offline, a deploy replaced it, or 120 s passed). */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

type PageModule = { Component: ComponentType };

/** The page's module, failing with a ChunkLoadError after the spec's 120 s instead of hanging forever. */
async function loadWithin(load: () => Promise<PageModule>): Promise<PageModule> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError('Chunk load timed out')), CHUNK_LOAD_TIMEOUT_MS);
  });
  try {
    return await Promise.race([load(), timeout]);
  } catch (error) {
    throw error instanceof ChunkLoadError ? error : new ChunkLoadError(String(error));
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A page component whose code, in its own chunk, loads on first display or as soon as `preload`
 * is called, from a module exporting `Component`; `fallback` is shown until it is there. Not
 * through Suspense: React holds a Suspense fallback on screen for at least 300 ms, and on a first
 * visit to `/videos` the page's cards waited that long after their code and data had arrived. The
 * page is then drawn as a transition, in slices, as the first render is (main.tsx).
 */
export function lazyPage(load: () => Promise<PageModule>, fallback: ReactNode) {
  let loading: Promise<void> | undefined;
  let loaded: { Component?: ComponentType; failure?: unknown } = {};
  const start = () =>
    (loading ??= loadWithin(load).then(
      (module) => {
        loaded = { Component: module.Component };
      },
      (failure: unknown) => {
        loaded = { failure };
      },
    ));
  function Page() {
    const [{ Component, failure }, setLoaded] = useState(loaded);
    useEffect(() => {
      if (Component || failure !== undefined) return;
      let shown = true;
      void start().then(() => {
        if (shown) startTransition(() => setLoaded(loaded));
      });
      return () => {
        shown = false;
      };
    }, [Component, failure]);
    // Shown by the page's error boundary.
    if (failure !== undefined) throw failure;
    return Component ? <Component /> : fallback;
  }
  return Object.assign(Page, {
    /** Fetches the code now; settles once it is there or failed (shown by the page's error boundary). */
    preload: (): Promise<void> => start(),
  });
}
