import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CsvExportSchema,
  ErrorBodySchema,
  ExportQuerySchema,
  IdParamsSchema,
} from '@coulisses/domain/schemas/common';
import {
  AddCreatorSchema,
  CreatorListItemSchema,
  CreatorListSchema,
  CreatorStatusSchema,
} from '@coulisses/domain/schemas/creators';
import type { AppContext } from '../../context.ts';
import { currentSession } from '../../plugins/session-auth.ts';
import { sendCsv } from '../../lib/csv-stream.ts';
import { acceptedEncoding } from '../../plugins/json-compression.ts';
import { addCreator, creatorsCsv, listCreators, setCreatorActive } from './creators.service.ts';

export const creatorRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  app.get(
    '/api/creators',
    {
      schema: {
        'x-required-role': 'superadmin',
        tags: ['creators'],
        summary: 'Every creator: id, name (page title), e-mail, number of videos, active or suspended',
        response: { 200: CreatorListSchema, 403: ErrorBodySchema },
      },
    },
    async () => listCreators(context),
  );

  app.get(
    '/api/creators/export.csv',
    {
      schema: {
        'x-required-role': 'superadmin',
        tags: ['creators'],
        summary:
          "Creators as CSV for a spreadsheet ('createurs-AAAA-MM-JJ.csv'), `q` keeps e-mails containing it",
        querystring: ExportQuerySchema,
        response: { 200: CsvExportSchema, 400: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request, reply) =>
      sendCsv(reply, 'createurs', creatorsCsv(context, request.query), acceptedEncoding(request)),
  );

  app.post(
    '/api/creators',
    {
      schema: {
        'x-required-role': 'superadmin',
        tags: ['creators'],
        summary: 'Make an existing user a creator (active, page unpublished), found by e-mail',
        body: AddCreatorSchema,
        response: {
          201: CreatorListItemSchema,
          400: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addCreator(context, currentSession(request).user, request.body)),
  );

  app.put(
    '/api/creators/:id/status',
    {
      schema: {
        'x-required-role': 'superadmin',
        tags: ['creators'],
        summary: 'Suspend (active false) or reactivate (active true) a creator and all their videos',
        params: IdParamsSchema,
        body: CreatorStatusSchema,
        response: { 204: z.null(), 400: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await setCreatorActive(context, currentSession(request).user, request.params.id, request.body.active);
      return reply.status(204).send(null);
    },
  );
};
