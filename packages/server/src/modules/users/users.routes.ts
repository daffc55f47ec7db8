import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema, ListQuerySchema } from '@coulisses/domain/schemas/common';
import { UsersPageSchema } from '@coulisses/domain/schemas/users';
import type { AppContext } from '../../context.ts';
import { listUsers } from './users.service.ts';

export const userRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
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
    async (request) => listUsers(db, request.query),
  );
};
