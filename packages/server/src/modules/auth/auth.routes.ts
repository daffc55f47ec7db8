import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LoginSchema, SessionSchema } from '@coulisses/domain/schemas/auth';
import { ErrorBodySchema } from '@coulisses/domain/schemas/common';
import type { AppContext } from '../../context.ts';
import {
  backOfficeSession,
  clearSessionCookie,
  currentSession,
  sessionTokenOf,
  setSessionCookie,
} from '../../plugins/session-auth.ts';
import { UnauthorizedError } from '../../lib/errors.ts';
import { renewSession, signIn } from './auth.service.ts';
import { closeSession } from './sessions.service.ts';

const toSession = (s: { user: z.infer<typeof SessionSchema>['user']; expiresAt: number }) => ({
  user: s.user,
  expiresAt: s.expiresAt,
});

export const authRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  app.post(
    '/api/auth/login',
    {
      config: { rateLimit: { max: context.config.signInPerMinute, timeWindow: '1 minute' } },
      schema: {
        'x-required-role': 'public',
        tags: ['auth'],
        summary: 'Sign in to the back-office (creators only); sets the session cookie',
        body: LoginSchema,
        response: { 200: SessionSchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const session = await signIn(context, request.body, request.ip);
      setSessionCookie(request, reply, session.token, session.expiresAt);
      return toSession(session);
    },
  );

  app.post(
    '/api/auth/logout',
    {
      schema: {
        'x-required-role': 'creator',
        tags: ['auth'],
        summary: 'Sign out: ends the session on the server',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await closeSession(context, currentSession(request).token);
      clearSessionCookie(request, reply);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/auth/me',
    {
      schema: {
        // Anyone may ask: nobody signed in is an answer, not an error the browser would log.
        'x-required-role': 'public',
        tags: ['auth'],
        summary: 'Who am I: the signed-in user and when the session ends; 204 when nobody is signed in',
        response: { 200: SessionSchema, 204: z.null() },
      },
    },
    async (request, reply) => {
      const session = backOfficeSession(request);
      return session ? toSession(session) : reply.status(204).send(null);
    },
  );

  app.post(
    '/api/auth/refresh',
    {
      schema: {
        'x-required-role': 'creator',
        tags: ['auth'],
        summary: 'Renew the session: a new id and a new expiry',
        response: { 200: SessionSchema },
      },
    },
    async (request, reply) => {
      const token = sessionTokenOf(request);
      const renewed = token ? await renewSession(context, token) : null;
      if (!renewed) throw new UnauthorizedError();
      setSessionCookie(request, reply, renewed.token, renewed.expiresAt);
      return toSession(renewed);
    },
  );
};
