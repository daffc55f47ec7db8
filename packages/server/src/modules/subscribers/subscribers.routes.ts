import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema, ListQuerySchema } from '@coulisses/domain/schemas/common';
import { UsersPageSchema } from '@coulisses/domain/schemas/users';
import type { AppContext } from '../../context.ts';
import { listSubscribers } from './subscribers.service.ts';

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
    async (request) => listSubscribers(context, request.query),
  );
};
