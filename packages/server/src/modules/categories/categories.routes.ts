import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RequiredRole } from '@coulisses/domain/constants/roles';
import {
  CategoryCreateSchema,
  CategoryListSchema,
  CategorySchema,
  type CategoryKind,
} from '@coulisses/domain/schemas/categories';
import { ErrorBodySchema, IdParamsSchema } from '@coulisses/domain/schemas/common';
import type { AppContext } from '../../context.ts';
import { currentSession } from '../../plugins/session-auth.ts';
import { addCategory, getCategories, removeCategory, renameCategory } from './categories.service.ts';

interface KindRoutes {
  kind: CategoryKind;
  path: string;
  tag: string;
  /** Creators read video categories to file their videos; discount categories are the superadmin's. */
  readRole: RequiredRole;
  label: string;
}

const KINDS: KindRoutes[] = [
  {
    kind: 'video',
    path: '/api/video-categories',
    tag: 'video categories',
    readRole: 'creator',
    label: 'video',
  },
  {
    kind: 'discount',
    path: '/api/discount-categories',
    tag: 'discount categories',
    readRole: 'superadmin',
    label: 'discount',
  },
];

/** The same four operations for video and discount categories; only writing is the superadmin's. */
export const categoryRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  for (const { kind, path, tag, readRole, label } of KINDS) {
    app.get(
      path,
      {
        schema: {
          'x-required-role': readRole,
          tags: [tag],
          summary: `List the ${label} categories, sorted by name`,
          response: { 200: CategoryListSchema },
        },
      },
      async () => getCategories(context, kind),
    );

    app.post(
      path,
      {
        schema: {
          'x-required-role': 'superadmin',
          tags: [tag],
          summary: `Add a ${label} category (name unique, ignoring case and accents)`,
          body: CategoryCreateSchema,
          response: { 201: CategorySchema, 400: ErrorBodySchema, 409: ErrorBodySchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await addCategory(context, currentSession(request).user, kind, request.body)),
    );

    app.put(
      `${path}/:id`,
      {
        schema: {
          'x-required-role': 'superadmin',
          tags: [tag],
          summary: `Rename a ${label} category (name unique, ignoring case and accents); what it files stays filed`,
          params: IdParamsSchema,
          body: CategoryCreateSchema,
          response: { 200: CategorySchema, 400: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema },
        },
      },
      async (request) =>
        renameCategory(context, currentSession(request).user, kind, request.params.id, request.body),
    );

    app.delete(
      `${path}/:id`,
      {
        schema: {
          'x-required-role': 'superadmin',
          tags: [tag],
          summary: `Delete a ${label} category that nothing uses`,
          params: IdParamsSchema,
          response: { 204: z.null(), 404: ErrorBodySchema, 409: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        await removeCategory(context, currentSession(request).user, kind, request.params.id);
        return reply.status(204).send(null);
      },
    );
  }
};
