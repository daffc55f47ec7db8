import { lazy, type ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@coulisses/domain/constants/limits';

/** A page's code could not be fetched (offline, a deploy replaced it, or 120 s passed). */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/**
 * A page component loaded with its own chunk on first display, from a module exporting
 * `Component`, failing with a ChunkLoadError after the spec's 120 s instead of hanging forever.
 */
export function lazyPage(load: () => Promise<{ Component: ComponentType }>) {
  return lazy(async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ChunkLoadError('Chunk load timed out')), CHUNK_LOAD_TIMEOUT_MS);
    });
    try {
      const module = await Promise.race([load(), timeout]);
      return { default: module.Component };
    } catch (error) {
      throw error instanceof ChunkLoadError ? error : new ChunkLoadError(String(error));
    } finally {
      clearTimeout(timer);
    }
  });
}
