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
 * What surrounds the items of a page (a `Page` of domain/schemas/common.ts) up to its cursor's
 * value, for SQLite to write: its items are then not copied again on the event loop.
 */
export const PAGE_HEAD = { start: '{"items":', end: ',"nextCursor":' } as const;

/** What surrounds the items of a page with no next one, for SQLite to write the whole page. */
export const LAST_PAGE = { start: PAGE_HEAD.start, end: `${PAGE_HEAD.end}null}` } as const;

/** A page SQLite wrote up to its cursor's value (PAGE_HEAD), ended with `nextCursor`. */
export function endedPage(head: Buffer, nextCursor: string | null): JsonBytes {
  return new JsonBytes(Buffer.concat([head, Buffer.from(`${JSON.stringify(nextCursor)}}`)]));
}

/** Sends an answer written already as its bytes; any other as the route's serializer writes it. */
export function sentAsWritten<Answer>(
  reply: FastifyReply,
  answer: Answer | JsonBytes,
): Answer | FastifyReply {
  return answer instanceof JsonBytes
    ? reply.type('application/json; charset=utf-8').send(answer.bytes)
    : answer;
}
