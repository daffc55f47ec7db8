import { use, type ComponentType } from 'react';
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
 * is called, from a module exporting `Component`. Unlike React.lazy, code already there renders at
 * once: a page preloaded while the session was checked shows no loading state, which React would
 * hold on screen for at least 300 ms.
 */
export function lazyPage(load: () => Promise<PageModule>) {
  let loading: Promise<PageModule> | undefined;
  let Loaded: ComponentType | undefined;
  const start = () =>
    (loading ??= loadWithin(load).then((module) => {
      Loaded = module.Component;
      return module;
    }));
  function Page() {
    const Component = Loaded ?? use(start()).Component;
    return <Component />;
  }
  return Object.assign(Page, {
    /** Fetches the code now; settles once it is there or failed (shown by the page's error boundary). */
    preload: (): Promise<void> =>
      start().then(
        () => {},
        () => {},
      ),
  });
}
