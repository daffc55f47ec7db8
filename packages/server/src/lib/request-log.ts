import { AsyncLocalStorage } from 'node:async_hooks';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Config } from '../config/env.ts';

/**
 * The server's logger: its level, and a request's credentials never written, even by a line that
 * would carry its headers.
 */
export function serverLogger(level: Config['logLevel']) {
  return { level, redact: ['req.headers.cookie', 'req.headers.authorization'] };
}

/** The reqId of the page whose drawing made the request being answered, if any. */
const drawnPage = new AsyncLocalStorage<string>();

/**
 * Runs `draw`, the drawing of the page asked by request `pageId`: the requests it makes to the API
 * are part of that page's line, written on their own at `debug` only.
 */
export function drawingPage<T>(pageId: string, draw: () => Promise<T>): Promise<T> {
  return drawnPage.run(pageId, draw);
}

/**
 * One line per answered request: what was asked and from where, the status and the time it took.
 * Fastify's own writes two, the request as it comes in and its status as it is answered, joined
 * only by their reqId (docs/decisions/048-one-log-line-per-request.md). A page drawn by the server
 * asks the API itself, without the network: those requests are the page's, not the visitor's.
 * Fastify's other lines (errors, unknown routes) stay as they are.
 */
export class RequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    const page = drawnPage.getStore();
    if (error) reply.log.error({ ...line, page, err: error }, 'request errored');
    else if (page !== undefined) reply.log.debug({ ...line, page }, 'page request completed');
    else reply.log.info(line, 'request completed');
  }
}
