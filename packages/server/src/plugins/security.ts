import fp from 'fastify-plugin';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import { MESSAGES } from '@coulisses/domain/messages';
import { ForbiddenError } from '../lib/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const THUMBNAIL_HOST = 'https://i.ytimg.com';

/** How long the list of outside image origins is trusted before it is read again. */
const IMAGE_ORIGINS_TTL_MS = 60_000;

export interface SecurityOptions {
  hstsMaxAge: number;
  /** Origins of images kept where they were (moved in from Firebase), which pages must be allowed to show. */
  imageOrigins: () => Promise<string[]>;
  /** The origin of S3_PUBLIC_URL, where pages load uploaded images from when it is set. */
  storageOrigin?: string;
  /** The hashes of the inline scripts the web build wrote, as CSP sources ('sha256-…'). */
  scriptSources: string[];
}

/**
 * The headers `middleware` sets on an answer, recorded on a stand-in: our policy reads nothing of
 * the request. A directive that did (a nonce per answer) would need the middleware at each request.
 */
function headersSetBy(middleware: ReturnType<typeof helmet>): [string, string][] {
  const headers: [string, string][] = [];
  const answer = {
    setHeader: (name: string, value: number | string | readonly string[]) =>
      headers.push([name, String(value)]),
    // Helmet removes X-Powered-By, which neither Node nor Fastify sets.
    removeHeader: () => undefined,
  };
  middleware({} as IncomingMessage, answer as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Headers and the cross-origin guard. The CSP allows no inline script but the build's own, each by
 * its hash, so a script code pasted into a page field can never run in the back-office
 * (docs/decisions/009-assistant-script-is-data.md).
 */
export const security = fp<SecurityOptions>(
  async (app, { hstsMaxAge, imageOrigins, storageOrigin, scriptSources }) => {
    let outsideImages: string[] = [];
    const securityHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...scriptSources],
          styleSrc: ["'self'"],
          imgSrc: [
            "'self'",
            'data:',
            'blob:',
            THUMBNAIL_HOST,
            ...(storageOrigin ? [storageOrigin] : []),
            () => outsideImages.join(' '),
          ],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
        },
      },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
      // Helmet would send it over plain HTTP too: see the onSend hook below.
      strictTransportSecurity: false,
    });
    // Helmet's headers are worked out once per list of outside image origins, not at every request:
    // @fastify/helmet built its middleware again for every request (0.13 ms, two thirds of what the
    // framework alone takes to answer), and the middleware itself writes the policy again each time
    // (8 µs, 4 % of a rare search's work under 50 clients, profiled).
    let headers = headersSetBy(securityHeaders);

    // Read again at most once a minute, before the headers are set: a move made with the CLI
    // while the server runs shows its images within a minute, without a restart.
    let readAt = -Infinity;
    let reading: Promise<void> | undefined;
    app.addHook('onRequest', async () => {
      if (Date.now() - readAt < IMAGE_ORIGINS_TTL_MS) return;
      reading ??= imageOrigins()
        .then((origins) => {
          outsideImages = origins;
          headers = headersSetBy(securityHeaders);
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'outside image origins could not be read'))
        .finally(() => {
          readAt = Date.now();
          reading = undefined;
        });
      await reading;
    });

    app.addHook('onRequest', (_request, reply, done) => {
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
      done();
    });

    // HSTS only on answers that came over HTTPS (directly, or through a trusted proxy's
    // X-Forwarded-Proto): over plain HTTP a browser ignores it, and a local http:// setup must keep working.
    const hsts = `max-age=${hstsMaxAge}; includeSubDomains`;
    app.addHook('onSend', async (request, reply) => {
      if (request.protocol === 'https') void reply.header('strict-transport-security', hsts);
    });

    // CSRF: a state change must come from our own pages. Browsers send Sec-Fetch-Site and Origin on
    // such requests; clients without them (the mobile app, the CLI, curl) carry no ambient cookie.
    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method)) return;
      const site = request.headers['sec-fetch-site'];
      if (site && site !== 'same-origin' && site !== 'none') throw new ForbiddenError(MESSAGES.crossOrigin);
      const origin = request.headers.origin;
      if (origin !== undefined) {
        const expected = `${request.protocol}://${request.host}`;
        if (origin !== expected) throw new ForbiddenError(MESSAGES.crossOrigin);
      }
    });

    // Answers that depend on who asks must never sit in a shared cache.
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
        void reply.header('cache-control', 'no-store');
      }
    });
  },
);
