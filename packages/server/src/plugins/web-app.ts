import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@coulisses/domain/messages';
import { inlineScriptSources } from '../lib/inline-scripts.ts';
import { drawingPage } from '../lib/request-log.ts';
import { sessionTokenOf } from './session-auth.ts';

/** Where the build writes the pages it prerenders signed out (packages/web/prerender.ts). */
const PRERENDERED_DIR = 'prerendered';

/**
 * Where the build keeps the code that draws signed-in pages and the page it draws them in
 * (packages/web/prerender.ts): the server's, never served.
 */
const PAGE_SERVER_DIR = 'page-server';

/** A request of the page being drawn, and its answer, as the web app's API client sees them. */
interface PageRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}
type Transport = (request: PageRequest) => Promise<{ status: number; text: string }>;

/** The web app's server entry (packages/web/src/prerender-entry.tsx). */
interface PageServer {
  drawSignedInPage: (shell: string, address: string, transport: Transport) => Promise<string | null>;
}

/**
 * Draws the signed-in page at an address, or answers null when the web app does not draw it (see
 * PageServer); undefined when the build has no page server.
 */
function pageDrawer(distDir: string) {
  const dir = path.join(distDir, PAGE_SERVER_DIR);
  const entry = path.join(dir, 'prerender-entry.mjs');
  const shellFile = path.join(dir, 'shell.html');
  if (!fs.existsSync(entry) || !fs.existsSync(shellFile)) return undefined;
  const shell = fs.readFileSync(shellFile, 'utf8');
  // Loaded at the first signed-in page: a process that only answers the API never holds it.
  let loading: Promise<PageServer> | undefined;
  return async (address: string, transport: Transport) => {
    loading ??= import(pathToFileURL(entry).href) as Promise<PageServer>;
    return (await loading).drawSignedInPage(shell, address, transport);
  };
}

/**
 * The page's requests, answered by this server as it would answer the visitor's browser: with the
 * visitor's cookies, through every check of the API.
 */
function visitorTransport(app: FastifyInstance, request: FastifyRequest): Transport {
  return async ({ method, url, headers, body }) => {
    const answer = await app.inject({
      method: method as 'GET',
      url,
      headers: { ...headers, cookie: request.headers.cookie ?? '' },
      payload: body,
    });
    return { status: answer.statusCode, text: answer.body };
  };
}

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
 * The CSP sources of the inline scripts the build wrote into its pages (the start of a page drawn
 * before the app's code, packages/web/prerender.ts), for the security plugin to allow them alone.
 */
export function builtScriptSources(distDir: string): string[] {
  const pages = [...prerenderedPages(distDir).values(), `${PAGE_SERVER_DIR}/shell.html`]
    .map((file) => path.join(distDir, file))
    .filter((file) => fs.existsSync(file));
  return [...new Set(pages.flatMap((file) => inlineScriptSources(fs.readFileSync(file, 'utf8'))))];
}

/**
 * Serves the built SPA, brotli or gzip as the browser accepts: hashed assets cached for a year,
 * HTML never cached, and every other GET outside /api and /files answered with index.html so the
 * client router decides. A path the build prerendered (`/`, `/login`) gets its page instead, drawn
 * signed out, when the request carries no session cookie: its text shows before any script runs
 * (docs/decisions/020-prerendered-pages.md). With a cookie, the visitor may be signed in: a page
 * the web app draws for a signed-in visitor (`/videos`) is drawn here, with their data
 * (docs/decisions/027-signed-in-pages-drawn-by-the-server.md); any other gets index.html, the app
 * then drawing what their session calls for, as it does when nobody turns out to be signed in.
 */
export const webApp = fp<{ distDir: string }>(async (app, { distDir }) => {
  const hasBuild = fs.existsSync(path.join(distDir, 'index.html'));
  const prerendered = prerenderedPages(distDir);
  const drawPage = hasBuild ? pageDrawer(distDir) : undefined;
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      // No folder is a page: `/` is the landing page's route (below).
      index: false,
      // The build writes .br and .gz beside each asset (packages/web/precompress.ts).
      preCompressed: true,
      allowedPath: (pathName) => !pathName.startsWith(`/${PAGE_SERVER_DIR}/`),
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

  // Never returns nor awaits the reply: a reply is a thenable, and each wait on it is one more
  // 'close' listener (see setNotFoundHandler below).
  const sendDrawnPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    draw: NonNullable<typeof drawPage>,
  ): Promise<void> => {
    let page: string | null = null;
    try {
      page = await drawingPage(request.id, () => draw(request.url, visitorTransport(app, request)));
    } catch (error) {
      request.log.error({ err: error }, 'the signed-in page could not be drawn: index.html sent instead');
    }
    // Someone's own data: kept by no cache, not even the browser's for Back.
    if (page !== null) void reply.header('cache-control', 'private, no-store').send(page);
    else void reply.sendFile('index.html');
  };

  const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
    const page = prerendered.get(routePath(request.url.split('?')[0] ?? ''));
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    // The same address answers a page drawn signed out or signed in, or index.html: a cache must
    // keep them apart.
    if (page || drawPage) reply.header('vary', 'cookie');
    if (sessionTokenOf(request) === undefined) return reply.sendFile(page ?? 'index.html');
    if (drawPage) return void sendDrawnPage(request, reply, drawPage);
    return reply.sendFile('index.html');
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
