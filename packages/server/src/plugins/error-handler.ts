import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '@coulisses/domain/errors';
import { MESSAGES } from '@coulisses/domain/messages';
import { isForeignKeyViolation, isLockTimeout, isUnreachable } from '../db/dialect.ts';
import { AppError } from '../lib/errors.ts';

function body(code: ErrorCode, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

const STATUS_CODES: Record<number, { code: ErrorCode; message: string }> = {
  400: { code: 'bad_request', message: MESSAGES.invalidInput },
  403: { code: 'forbidden', message: MESSAGES.noAccess },
  404: { code: 'not_found', message: MESSAGES.notFound },
  413: { code: 'payload_too_large', message: MESSAGES.payloadTooLarge },
  415: { code: 'unsupported_media_type', message: MESSAGES.unsupportedMediaType },
  429: { code: 'too_many_requests', message: MESSAGES.tooManyAttempts },
  503: { code: 'service_unavailable', message: MESSAGES.shuttingDown },
};

const routingFailures = new WeakMap<IncomingMessage, FastifyError>();

/**
 * Fastify's `frameworkErrors`: a malformed URL or an over-long parameter fails before routing, where
 * Fastify would answer with no hook run (no security header) and the URL echoed in the body. The
 * request goes through routing again as one for /api/ that fails with that error in preParsing,
 * after every onRequest hook has set its headers, so the error handler answers it like any other.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  routingFailures.set(request.raw, error);
  request.raw.url = '/api/';
  request.server.routing(request.raw, reply.raw);
}

/**
 * One place turns every failure into `{ error: { code, message, fields? } }`. Known client errors
 * keep their status; anything else is a 500 whose detail stays in the log, never in the answer.
 */
export const errorHandler = fp(async (app) => {
  app.addHook('preParsing', async (request) => {
    const failure = routingFailures.get(request.raw);
    if (failure) throw failure;
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.status(error.status).send(body(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        fields[path || '_'] ??= issue.message ?? MESSAGES.invalidInput;
      }
      // One wrong field: its own message says more than the generic one.
      const messages = Object.values(fields);
      const message = messages.length === 1 ? messages[0]! : MESSAGES.invalidInput;
      return reply.status(400).send(body('validation_error', message, fields));
    }
    if (error.code === 'ENOSPC') {
      request.log.error({ err: error }, 'disk full');
      return reply.status(507).send(body('insufficient_storage', MESSAGES.diskFull));
    }
    // Each request's writes share one transaction, so none of these leaves anything half-written.
    if (isUnreachable(error)) {
      request.log.error({ err: error }, 'database or storage unreachable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(body('service_unavailable', MESSAGES.serviceUnavailable));
    }
    if (isLockTimeout(error)) {
      request.log.warn({ err: error }, 'lock wait timed out');
      return reply
        .status(503)
        .header('retry-after', '1')
        .send(body('service_unavailable', MESSAGES.serverBusy));
    }
    if (isForeignKeyViolation(error)) {
      // Something this request points at was deleted by another one in the meantime.
      return reply.status(409).send(body('conflict', MESSAGES.changedMeanwhile));
    }
    const status = error.statusCode ?? 500;
    const known = STATUS_CODES[status];
    if (status < 500 && known) {
      return reply.status(status).send(body(known.code, known.message));
    }
    if (status < 500) return reply.status(400).send(body('bad_request', MESSAGES.invalidInput));
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(body('internal_error', MESSAGES.serverError));
  });
});
