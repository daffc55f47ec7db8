import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Config } from '../config/env.ts';

/**
 * The server's logger: its level, and a request's credentials never written, even by a line that
 * would carry its headers.
 */
export function serverLogger(level: Config['logLevel']) {
  return { level, redact: ['req.headers.cookie', 'req.headers.authorization'] };
}

/**
 * One line per answered request: what was asked and from where, the status and the time it took.
 * Fastify's own writes two, the request as it comes in and its status as it is answered, joined
 * only by their reqId (docs/decisions/048-one-log-line-per-request.md). Its other lines (errors,
 * unknown routes) stay as they are.
 */
export class RequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
