import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema, ListQuerySchema } from '@coulisses/domain/schemas/common';
import { JournalPageSchema, JournalQuerySchema } from '@coulisses/domain/schemas/journal';
import type { AppContext } from '../../context.ts';
import { currentSession } from '../../plugins/session-auth.ts';
import { getActivity, getJournal } from './journal.service.ts';

/** Who did what: the whole journal for the superadmin, one's own 'Activité' for a creator. */
export const journalRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  app.get(
    '/api/journal',
    {
      schema: {
        'x-required-role': 'superadmin',
        tags: ['journal'],
        summary: 'The journal: newest first, 50 a page; `actor` (an e-mail) and `kind` filter it',
        querystring: JournalQuerySchema,
        response: { 200: JournalPageSchema, 400: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request) => getJournal(context, request.query),
  );

  app.get(
    '/api/journal/mine',
    {
      schema: {
        'x-required-role': 'creator',
        tags: ['journal'],
        summary: "'Activité': the entries about one's own account and videos, newest first, 50 a page",
        querystring: ListQuerySchema.pick({ after: true }),
        response: { 200: JournalPageSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => getActivity(context, currentSession(request).user.id, request.query.after),
  );
};
