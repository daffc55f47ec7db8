import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CsvExportSchema,
  ErrorBodySchema,
  ExportQuerySchema,
  IdParamsSchema,
  ListQuerySchema,
} from '@coulisses/domain/schemas/common';
import { CommentsMutedSchema } from '@coulisses/domain/schemas/comments';
import { UserListItemSchema, UsersPageSchema } from '@coulisses/domain/schemas/users';
import type { AppContext } from '../../context.ts';
import { sentAsWritten } from '../../lib/json-bytes.ts';
import { acceptedEncoding } from '../../plugins/json-compression.ts';
import { currentSession } from '../../plugins/session-auth.ts';
import { sendCsv } from '../../lib/csv-stream.ts';
import { endSessionsOf, listSubscribers, setCommentsMuted, subscribersCsv } from './subscribers.service.ts';

/** The back-office's 'Abonnés': every account of the users table, at /api/users. */
export const subscribersRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  app.get(
    '/api/users',
    {
      schema: {
        'x-required-role': 'superadmin',
        tags: ['users'],
        summary: "Subscribers ('Abonnés'): by e-mail, 500 a page, `q` keeps e-mails containing it",
        querystring: ListQuerySchema,
        response: { 200: UsersPageSchema, 400: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request, reply) =>
      sentAsWritten(reply, await listSubscribers(context, request.query, acceptedEncoding(request))),
  );

  app.get(
    '/api/users/export.csv',
    {
      schema: {
        'x-required-role': 'superadmin',
        tags: ['users'],
        summary:
          "Subscribers as CSV for a spreadsheet ('abonnes-AAAA-MM-JJ.csv'), `q` searched as in the list",
        querystring: ExportQuerySchema,
        response: { 200: CsvExportSchema, 400: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request, reply) =>
      sendCsv(reply, 'abonnes', subscribersCsv(context, request.query), acceptedEncoding(request)),
  );

  app.delete(
    '/api/users/:id/sessions',
    {
      schema: {
        'x-required-role': 'superadmin',
        tags: ['users'],
        summary: 'End every session of a user (back-office sessions and app tokens), for a lost phone',
        params: IdParamsSchema,
        response: { 204: z.null(), 403: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await endSessionsOf(context, currentSession(request).user, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/users/:id/comments-muted',
    {
      schema: {
        'x-required-role': 'superadmin',
        tags: ['comments'],
        summary:
          'Mute a subscriber (they can no longer comment; their comments stay) or unmute them; answers their row',
        params: IdParamsSchema,
        body: CommentsMutedSchema,
        response: {
          200: UserListItemSchema,
          400: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request) =>
      setCommentsMuted(context, currentSession(request).user, request.params.id, request.body.muted),
  );
};
