import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@coulisses/domain/schemas/common';
import { AppLoginSchema, AppSessionSchema, SignUpSchema } from '@coulisses/domain/schemas/public-api';
import type { AppContext } from '../../context.ts';
import { closeSession } from '../auth/sessions.service.ts';
import { signInToApp, signUp } from './app-auth.service.ts';

const common = { 'x-required-role': 'public', tags: ['app'] } as const;

/** Subscriber accounts of the app. Its session is a Bearer token, never a cookie. */
export const appAuthRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const signInRateLimit = { rateLimit: { max: context.config.signInPerMinute, timeWindow: '1 minute' } };
  app.post(
    '/api/public/signup',
    {
      config: signInRateLimit,
      schema: {
        ...common,
        summary: 'Create a subscriber account (terms of use accepted) and sign it in',
        body: SignUpSchema,
        response: { 201: AppSessionSchema, 400: ErrorBodySchema, 409: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const session = await signUp(context, request.body, request.ip);
      return reply.status(201).send(session);
    },
  );

  app.post(
    '/api/public/login',
    {
      config: signInRateLimit,
      schema: {
        ...common,
        summary: 'Sign in to the app; send the token back as "Authorization: Bearer <token>"',
        body: AppLoginSchema,
        response: { 200: AppSessionSchema, 401: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request) => signInToApp(context, request.body, request.ip),
  );

  app.post(
    '/api/public/logout',
    {
      schema: {
        ...common,
        summary: "End the app's session (the Bearer token stops working)",
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      if (request.session) await closeSession(context, request.session.token);
      return reply.status(204).send(null);
    },
  );
};
