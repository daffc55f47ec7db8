import type { FastifyReply } from 'fastify';

/**
 * An answer's JSON as bytes written already, by SQLite (docs/decisions/037-answers-written-by-sqlite.md):
 * sent as they are, compressed like any JSON answer (plugins/json-compression.ts).
 */
export class JsonBytes {
  readonly bytes: Buffer;

  constructor(bytes: Buffer) {
    this.bytes = bytes;
  }
}

const PAGE_START = Buffer.from('{"items":');
const LAST_PAGE_END = Buffer.from(',"nextCursor":null}');

/** A page with no next one (a `Page` of domain/schemas/common.ts) around its items' JSON array. */
export function lastPageOf(items: Buffer): JsonBytes {
  return new JsonBytes(Buffer.concat([PAGE_START, items, LAST_PAGE_END]));
}

/** Sends bytes written already as the JSON answer. */
export function sendJsonBytes(reply: FastifyReply, answer: JsonBytes): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(answer.bytes);
}
