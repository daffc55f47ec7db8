import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import {
  atLeastMinBytes,
  compressedNow,
  compressionOptions,
  PER_REQUEST,
  variesOnEncoding,
  type AnswerEncoding,
  type Levels,
} from '../lib/answer-compression.ts';

/**
 * The levels of an answer kept and sent again (the public reads, see keptOnceCompressed): compressed
 * once, its bytes go to every phone that asks.
 */
const KEPT: Levels = { br: 4, gzip: 6 };

const kept = new WeakSet<FastifyRequest>();

/** Marks the answer to `request` as one that will be kept and sent again: see KEPT. */
export function keptOnceCompressed(request: FastifyRequest): void {
  kept.add(request);
}

/** From this length an answer is compressed on libuv's pool (see compress). */
export const OFF_LOOP_LENGTH = 64 * 1024;

const brotliOffLoop = promisify(zlib.brotliCompress);
const gzipOffLoop = promisify(zlib.gzip);

/**
 * Small answers are compressed on the loop: a page of fifty videos takes 0.15 ms, less than a trip
 * to the pool and back. Large ones (a 1,000-discount search, 500 KB of JSON, 2 to 3 ms) go to libuv's
 * pool, so the loop serves other requests meanwhile. Their output buffer is a quarter of the text,
 * so the work comes back to the loop at its end, not after every 16 KB written; and no slot is held
 * while it waits for the loop (docs/decisions/028-paced-requests.md).
 */
function compress(
  payload: string | Buffer,
  encoding: AnswerEncoding,
  levels: Levels,
  offLoopLength: number,
): Buffer | Promise<Buffer> {
  if (payload.length < offLoopLength) return compressedNow(payload, encoding, levels);
  const options = compressionOptions(encoding, levels, payload.length >> 2);
  return encoding === 'br' ? brotliOffLoop(payload, options) : gzipOffLoop(payload, options);
}

/** The encoding an answer to this request is compressed with, when large enough. */
export function acceptedEncoding(request: FastifyRequest): AnswerEncoding | undefined {
  const accepted = String(request.headers['accept-encoding'] ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, quality]) => quality?.trim() !== 'q=0')
    .map(([name]) => name?.trim().toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return undefined;
}

/** What is built per request: the API's JSON, and the signed-in pages the server draws. */
const COMPRESSED_TYPES = /^(application\/json|text\/html)/;

/**
 * Compresses JSON answers and drawn pages over 1 KB (a page of fifty videos shrinks about
 * tenfold). Done here, for answers only: the server never inflates request bodies, so no
 * compressed upload can grow past the body limits. Built files come compressed from the build
 * (`plugins/web-app.ts`). `offLoopLength` moves where compression leaves the loop; the bench's
 * floor server keeps it all there.
 */
export const jsonCompression = fp<{ offLoopLength?: number }>(
  async (app, { offLoopLength = OFF_LOOP_LENGTH }) => {
    app.addHook('onSend', async (request, reply, payload) => {
      // A string written by the serializer, or bytes written already (lib/json-bytes.ts).
      if (!(typeof payload === 'string' || Buffer.isBuffer(payload)) || !atLeastMinBytes(payload))
        return payload;
      if (!COMPRESSED_TYPES.test(String(reply.getHeader('content-type') ?? ''))) return payload;
      if (reply.hasHeader('content-encoding')) return payload;
      variesOnEncoding(reply);
      const encoding = acceptedEncoding(request);
      if (!encoding) return payload;
      void reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      return compress(payload, encoding, kept.has(request) ? KEPT : PER_REQUEST, offLoopLength);
    });
  },
);
