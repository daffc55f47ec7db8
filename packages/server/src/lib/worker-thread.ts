import path from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * Starts a worker on `source`, a TypeScript file beside its caller, with `workerData`. Run from the sources (tsx,
 * vitest, the CLI), the worker loads it through tsx's API: on Node 20 a worker does not get the
 * loader of `--import tsx`. Run from the server's build (packages/server/build.ts), the worker is
 * the bundled file of the same name beside this one.
 */
export function startWorker(source: URL, workerData?: unknown): Worker {
  if (import.meta.url.endsWith('.ts')) {
    const boot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ tsImport }) =>
  tsImport(${JSON.stringify(source.href)}, ${JSON.stringify(import.meta.url)}))`;
    return new Worker(boot, { eval: true, workerData });
  }
  return new Worker(new URL(path.basename(source.pathname).replace(/\.ts$/, '.mjs'), import.meta.url), {
    workerData,
  });
}
