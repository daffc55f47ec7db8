import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parisCalendarDay } from '@coulisses/domain/rules/discount-dates';
import type { AppContext } from '../../context.ts';
import { acceptedEncoding } from '../../plugins/json-compression.ts';
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

/**
 * onSend hook for public reads: a strong ETag over the body, a short shared max-age, and 304 when
 * the app already holds the same answer. The content does not depend on who asks, so it may sit in
 * a shared cache.
 */
export async function publicCache(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  // The body may already be compressed (plugins/json-compression.ts): its tag then names that encoding.
  if (request.method !== 'GET' || reply.statusCode !== 200 || reply.hasHeader('etag')) return payload;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  const etag = `"${createHash('sha256').update(payload).digest('base64url').slice(0, 27)}"`;
  describePublic(reply, etag);
  if (holds(request, etag)) {
    void reply.code(304);
    return '';
  }
  return payload;
}

/** One answer per URL and encoding: the app's clients all get the same bytes. */
function answerKey(request: FastifyRequest): string {
  return `${acceptedEncoding(request) ?? ''} ${request.url}`;
}

/**
 * The public answers of this process, served again while the content they show has not changed
 * (docs/decisions/032-public-answers-kept-until-content-changes.md). `serve` (onRequest) reads the
 * content version, one row, and answers from what is kept; else it notes the state the answer is
 * built on, and `keep` (onSend, after publicCache) keeps the bytes sent. A Server-Timing entry
 * says which it was.
 */
export function keptPublicAnswers(context: AppContext) {
  const answers = new PublicAnswers();
  const builtOn = new WeakMap<FastifyRequest, ContentState>();

  async function serve(request: FastifyRequest, reply: FastifyReply) {
    if (request.method !== 'GET') return;
    const state = { version: await contentVersion(context), day: parisCalendarDay(Date.now()) };
    const kept = answers.find(answerKey(request), state);
    if (!kept) {
      builtOn.set(request, state);
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

  async function keep(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const state = builtOn.get(request);
    if (!state || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const encoding = reply.getHeader('content-encoding');
    answers.keep(
      answerKey(request),
      {
        body: Buffer.isBuffer(payload) ? payload : Buffer.from(payload),
        encoding: typeof encoding === 'string' ? encoding : undefined,
        etag: String(reply.getHeader('etag')),
      },
      state,
    );
    return payload;
  }

  return { serve, keep };
}
