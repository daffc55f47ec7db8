import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@coulisses/domain/messages';
import { sessionTokenOf } from './session-auth.ts';

/** Where the build writes the pages it prerenders signed out (packages/web/prerender.ts). */
const PRERENDERED_DIR = 'prerendered';

/** A path as the web app's router matches it: case and a final slash aside. */
const routePath = (pathname: string) => (pathname.replace(/\/+$/, '') || '/').toLowerCase();

/** The prerendered pages of the build by path: index.html is '/', login.html is '/login'. */
function prerenderedPages(distDir: string): Map<string, string> {
  const dir = path.join(distDir, PRERENDERED_DIR);
  if (!fs.existsSync(dir)) return new Map();
  return new Map(
    fs
      .readdirSync(dir)
      .filter((file) => file.endsWith('.html'))
      .map((file) => {
        const name = file.slice(0, -'.html'.length);
        return [name === 'index' ? '/' : `/${name}`, `${PRERENDERED_DIR}/${file}`];
      }),
  );
}

/**
 * Serves the built SPA, brotli or gzip as the browser accepts: hashed assets cached for a year,
 * HTML never cached, and every other GET outside /api and /files answered with index.html so the
 * client router decides. A path the build prerendered (`/`, `/login`) gets its page instead, drawn
 * signed out, when the request carries no session cookie: its text shows before any script runs
 * (docs/decisions/020-prerendered-pages.md). With a cookie, the visitor may be signed in and gets
 * index.html, the app then drawing what their session calls for.
 */
export const webApp = fp<{ distDir: string }>(async (app, { distDir }) => {
  const hasBuild = fs.existsSync(path.join(distDir, 'index.html'));
  const prerendered = prerenderedPages(distDir);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      // No folder is a page: `/` is the landing page's route (below).
      index: false,
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

  const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
    const page = prerendered.get(routePath(request.url.split('?')[0] ?? ''));
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    if (!page) return reply.sendFile('index.html');
    // The same address answers two pages: a cache must keep them apart.
    reply.header('vary', 'cookie');
    return reply.sendFile(sessionTokenOf(request) === undefined ? page : 'index.html');
  };

  // A route of its own, outside the API's document: the static files' wildcard would answer it as
  // a folder, with a 403.
  if (hasBuild) app.get('/', { schema: { hide: true } }, sendPage);

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
      sendPage(request, reply);
      return;
    }
    reply.status(404).send({ error: { code: 'not_found', message: MESSAGES.notFound } });
  });
});
