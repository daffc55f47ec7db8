import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@coulisses/domain/schemas/common';
import { PasswordChangeSchema } from '@coulisses/domain/schemas/my-account';
import type { AppContext } from '../../context.ts';
import { currentSession } from '../../plugins/session-auth.ts';
import { changePassword } from './my-account.service.ts';

/** 'Mon compte': what a signed-in user changes about their own account. */
export const myAccountRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  app.put(
    '/api/my-account/password',
    {
      config: { rateLimit: { max: context.config.signInPerMinute, timeWindow: '1 minute' } },
      schema: {
        'x-required-role': 'creator',
        tags: ['auth'],
        summary: 'Change one’s password: the current one first; every other session of the user ends',
        body: PasswordChangeSchema,
        response: { 204: z.null(), 400: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await changePassword(context, currentSession(request), request.body, request.ip);
      return reply.status(204).send(null);
    },
  );
};
