import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * The server as production runs it: its code and the domain package's in one file per entry
 * (the server and the two kinds of worker threads, lib/worker-thread.ts), the npm packages left to
 * node_modules. Node then loads plain JavaScript: no TypeScript loader in the process or in each
 * worker (docs/decisions/019-server-build.md).
 */
const serverDir = import.meta.dirname;
const { dependencies } = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
const external = Object.keys(dependencies)
  .filter((name) => !name.startsWith('@coulisses/'))
  .flatMap((name) => [name, `${name}/*`]);

export async function buildServer() {
  await build({
    entryPoints: ['src/server.ts', 'src/lib/password-worker.ts', 'src/db/sqlite-reader-worker.ts'].map(
      (entry) => path.join(serverDir, entry),
    ),
    outdir: path.join(serverDir, 'dist'),
    entryNames: '[name]',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    logLevel: 'warning',
  });
}

// `npm run build -w @coulisses/server`; `npm start` calls buildServer from scripts/build-if-stale.ts.
if (process.argv[1] === import.meta.filename) await buildServer();
