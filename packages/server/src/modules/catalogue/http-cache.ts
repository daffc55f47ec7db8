import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** How long the app and proxies may reuse a public answer without asking again. */
const PUBLIC_MAX_AGE_SECONDS = 30;

/**
 * onSend hook for public reads: a strong ETag over the body, a short shared max-age, and 304 when
 * the app already holds the same answer. The content does not depend on who asks, so it may sit in
 * a shared cache.
 */
export async function publicCache(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  // The body may already be compressed (plugins/json-compression.ts): its tag then names that encoding.
  if (request.method !== 'GET' || reply.statusCode !== 200) return payload;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  const etag = `"${createHash('sha256').update(payload).digest('base64url').slice(0, 27)}"`;
  void reply.header('etag', etag);
  void reply.header('cache-control', `public, max-age=${PUBLIC_MAX_AGE_SECONDS}`);
  void reply.header('vary', 'Accept-Encoding');
  const known = request.headers['if-none-match'];
  if (known && known.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    void reply.code(304);
    return '';
  }
  return payload;
}
