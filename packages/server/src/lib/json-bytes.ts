import type { FastifyReply } from 'fastify';
import { variesOnEncoding, type AnswerEncoding } from './answer-compression.ts';

/**
 * An answer's JSON as bytes written already, by SQLite (docs/decisions/037-answers-written-by-sqlite.md):
 * sent as they are, compressed like any JSON answer (plugins/json-compression.ts) unless they come
 * compressed with `encoding` from the thread that wrote them (ADR 051).
 */
export class JsonBytes {
  readonly bytes: Buffer;
  readonly encoding: AnswerEncoding | undefined;

  constructor(bytes: Buffer, encoding?: AnswerEncoding) {
    this.bytes = bytes;
    this.encoding = encoding;
  }
}

/**
 * What surrounds the items of a page (a `Page` of domain/schemas/common.ts), for SQLite to write it:
 * its items, then its cursor's value, a string or null.
 */
export const PAGE_PARTS = { start: '{"items":', cursor: ',"nextCursor":', end: '}' } as const;

/** What surrounds the items of a page with no next one, for SQLite to write the whole page. */
export const LAST_PAGE = {
  start: PAGE_PARTS.start,
  end: `${PAGE_PARTS.cursor}null${PAGE_PARTS.end}`,
} as const;

/** Sends an answer written already as its bytes; any other as the route's serializer writes it. */
export function sentAsWritten<Answer>(
  reply: FastifyReply,
  answer: Answer | JsonBytes,
): Answer | FastifyReply {
  if (!(answer instanceof JsonBytes)) return answer;
  void reply.type('application/json; charset=utf-8');
  // Compressed for this client as plugins/json-compression.ts would have, which then leaves it be.
  if (answer.encoding) {
    void reply.header('content-encoding', answer.encoding);
    variesOnEncoding(reply);
  }
  return reply.send(answer.bytes);
}
