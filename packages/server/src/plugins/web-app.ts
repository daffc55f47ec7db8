import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@coulisses/domain/messages';

/**
 * Serves the built SPA, brotli or gzip as the browser accepts: hashed assets cached for a year,
 * index.html never cached, and every other GET outside /api and /files answered with
 * index.html so the client router decides.
 */
export const webApp = fp<{ distDir: string }>(async (app, { distDir }) => {
  const indexPath = path.join(distDir, 'index.html');
  const hasBuild = fs.existsSync(indexPath);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      // Without an index, `/` is a directory that send() refuses with a 403 instead of the landing page.
      index: 'index.html',
      // The build writes .br and .gz beside each asset (packages/web/precompress.ts).
      preCompressed: true,
      setHeaders(res, filePath) {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  // Not async: an async handler returning the reply makes Fastify await it, one more 'close'
  // listener per request on top of those @fastify/static adds.
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isClientRoute =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/^\/(api|files)(\/|$)/.test(pathname) &&
      !path.extname(pathname) &&
      // Never answer for /.git, /.env and the like, not even with the SPA.
      !pathname.split('/').some((segment) => segment.startsWith('.'));
    if (isClientRoute && hasBuild) {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile('index.html');
      return;
    }
    reply.status(404).send({ error: { code: 'not_found', message: MESSAGES.notFound } });
  });
});
