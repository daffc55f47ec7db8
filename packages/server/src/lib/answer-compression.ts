import type { Transform } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyReply } from 'fastify';

/** How an answer is compressed for a client that accepts it (plugins/json-compression.ts). */
export type AnswerEncoding = 'br' | 'gzip';

/** Smaller answers gain less from compression than the encoding headers cost. */
const MIN_BYTES = 1024;

/**
 * A written answer from this size on is compressed by the event loop's plugin, on libuv's pool,
 * rather than by the thread that wrote it: a 1,000-discount search (500 KB, about 3 ms of gzip 1)
 * compressed there held the one answer thread as long as its search did, 305 to 310 answers a
 * second under 50 clients against 381 and 382 with the pool, where compressions run beside the
 * next searches (docs/decisions/053-answers-cross-threads-in-buffers-of-their-own.md).
 */
export const COMPRESSED_WHERE_WRITTEN_MAX = 256 * 1024;

export interface Levels {
  br: number;
  gzip: number;
}

/**
 * The levels of an answer built for one request: the fastest. On the 24 KB answer of a search that
 * finds 46 discounts, brotli 1 took 105 µs for 2,377 bytes where brotli 4 took 255 µs for 2,064,
 * and gzip 1 159 µs for 2,415 bytes where gzip's default (6) took 313 µs for 2,234: a few hundred
 * bytes more for half the server's time or better, paid by every request
 * (docs/decisions/036-compression-levels.md).
 */
export const PER_REQUEST: Levels = { br: 1, gzip: 1 };

/**
 * Bytes are counted as they are. A string never has fewer UTF-8 bytes than UTF-16 units, so only a
 * short one is measured: counting the bytes of a 400 KB answer took as long as a small query
 * (npm run bench -- load, profiled).
 */
export function atLeastMinBytes(payload: string | Buffer): boolean {
  return (
    payload.length >= MIN_BYTES || (typeof payload === 'string' && Buffer.byteLength(payload) >= MIN_BYTES)
  );
}

/** zlib's options for `encoding` at `levels`, with the output buffer's size when given. */
export function compressionOptions(encoding: AnswerEncoding, levels: Levels, chunkSize?: number) {
  const chunk = chunkSize === undefined ? {} : { chunkSize };
  return encoding === 'br'
    ? { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: levels.br }, ...chunk }
    : { level: levels.gzip, ...chunk };
}

/** `payload` compressed on the calling thread. */
export function compressedNow(payload: string | Buffer, encoding: AnswerEncoding, levels: Levels): Buffer {
  const options = compressionOptions(encoding, levels);
  return encoding === 'br' ? zlib.brotliCompressSync(payload, options) : zlib.gzipSync(payload, options);
}

/** A stream compressing what goes through it with `encoding` at `levels`, on libuv's pool. */
export function compressionStream(encoding: AnswerEncoding, levels: Levels): Transform {
  const options = compressionOptions(encoding, levels);
  return encoding === 'br' ? zlib.createBrotliCompress(options) : zlib.createGzip(options);
}

/** Says the answer depends on the client's Accept-Encoding, beside what it already varies on (a drawn page, on the cookie). */
export function variesOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  void reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
}
