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

/**
 * What surrounds the items of a page with no next one (a `Page` of domain/schemas/common.ts), for
 * SQLite to write the whole page: its items are then not copied again on the event loop.
 */
export const LAST_PAGE = { start: '{"items":', end: ',"nextCursor":null}' } as const;

/** Sends bytes written already as the JSON answer. */
export function sendJsonBytes(reply: FastifyReply, answer: JsonBytes): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(answer.bytes);
}
