import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parisCalendarDay } from '@coulisses/domain/rules/discount-dates';
import type { AppContext } from '../../context.ts';
import { acceptedEncoding, keptOnceCompressed } from '../../plugins/json-compression.ts';
import { contentVersion } from './catalogue.service.ts';
import { PublicAnswers, type ContentState } from './public-answers.ts';

/** How long the app and proxies may reuse a public answer without asking again. */
const PUBLIC_MAX_AGE_SECONDS = 30;

/** Whether the client already holds the answer tagged `etag`. */
function holds(request: FastifyRequest, etag: string): boolean {
  const known = request.headers['if-none-match'];
  return !!known && known.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

function describePublic(reply: FastifyReply, etag: string) {
  void reply.header('etag', etag);
  void reply.header('cache-control', `public, max-age=${PUBLIC_MAX_AGE_SECONDS}`);
  void reply.header('vary', 'Accept-Encoding');
}

/** One answer per URL and encoding: the app's clients all get the same bytes. */
function answerKey(request: FastifyRequest): string {
  return `${acceptedEncoding(request) ?? ''} ${request.url}`;
}

/**
 * The HTTP caching of public reads, and their answers kept in this process while the content they
 * show has not changed (docs/decisions/032-public-answers-kept-until-content-changes.md). The
 * content does not depend on who asks, so an answer may also sit in a shared cache for a short
 * max-age, with a strong ETag and a 304 when the app already holds it. `serve` (onRequest) reads
 * the content version, one row, and sends what is kept for it; else it notes the state the answer
 * is built on, and `describeAndKeep` (onSend, after plugins/json-compression.ts) tags the bytes
 * sent and keeps them. A Server-Timing entry says which it was.
 */
export function publicAnswers(context: AppContext) {
  const answers = new PublicAnswers();
  const building = new WeakMap<FastifyRequest, { key: string; state: ContentState }>();

  async function serve(request: FastifyRequest, reply: FastifyReply) {
    if (request.method !== 'GET') return;
    const key = answerKey(request);
    const state = { version: await contentVersion(context), day: parisCalendarDay(Date.now()) };
    const kept = answers.find(key, state);
    if (!kept) {
      building.set(request, { key, state });
      keptOnceCompressed(request);
      void reply.header('server-timing', 'cache;desc="miss"');
      return;
    }
    void reply.header('server-timing', 'cache;desc="hit"');
    describePublic(reply, kept.etag);
    if (holds(request, kept.etag)) return reply.code(304).send();
    void reply.header('content-type', 'application/json; charset=utf-8');
    if (kept.encoding) void reply.header('content-encoding', kept.encoding);
    return reply.send(kept.body);
  }

  async function describeAndKeep(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const built = building.get(request);
    if (!built || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    // The body may already be compressed: its tag then names that encoding.
    const etag = `"${createHash('sha256').update(payload).digest('base64url').slice(0, 27)}"`;
    describePublic(reply, etag);
    const encoding = reply.getHeader('content-encoding');
    answers.keep(
      built.key,
      {
        body: Buffer.isBuffer(payload) ? payload : Buffer.from(payload),
        encoding: typeof encoding === 'string' ? encoding : undefined,
        etag,
      },
      built.state,
    );
    if (!holds(request, etag)) return payload;
    void reply.code(304);
    return '';
  }

  return { serve, describeAndKeep };
}
