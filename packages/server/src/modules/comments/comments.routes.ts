import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema, IdParamsSchema } from '@coulisses/domain/schemas/common';
import {
  CommentHiddenSchema,
  CommentListQuerySchema,
  CommentPageSchema,
  CommentSchema,
} from '@coulisses/domain/schemas/comments';
import type { AppContext } from '../../context.ts';
import { currentSession } from '../../plugins/session-auth.ts';
import { deleteComment, listAllComments, listMyComments, setCommentHidden } from './comments.service.ts';

const tags = ['comments'];
const listResponse = { 200: CommentPageSchema, 400: ErrorBodySchema, 403: ErrorBodySchema };

/** Moderation in the back-office: creators on their own videos, the superadmin everywhere. */
export const commentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  app.get(
    '/api/comments/mine',
    {
      schema: {
        'x-required-role': 'creator',
        tags,
        summary:
          "'Commentaires': comments on your videos, hidden ones included, newest first, 50 a page; `video` and `q` filter; the first page marks them seen",
        querystring: CommentListQuerySchema,
        response: listResponse,
      },
    },
    async (request) => listMyComments(context, currentSession(request).user.id, request.query),
  );

  app.get(
    '/api/comments',
    {
      schema: {
        'x-required-role': 'superadmin',
        tags,
        summary:
          'Every comment: reported and not hidden first, then the others, each newest first, 50 a page; `video` and `q` filter',
        querystring: CommentListQuerySchema,
        response: listResponse,
      },
    },
    async (request) => listAllComments(context, request.query),
  );

  app.put(
    '/api/comments/:id/hidden',
    {
      schema: {
        'x-required-role': 'creator',
        tags,
        summary: "Hide a comment from the app or show it again: the video's creator or the superadmin",
        params: IdParamsSchema,
        body: CommentHiddenSchema,
        response: { 200: CommentSchema, 400: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) =>
      setCommentHidden(context, currentSession(request).user, request.params.id, request.body.hidden),
  );

  app.delete(
    '/api/comments/:id',
    {
      schema: {
        'x-required-role': 'superadmin',
        tags,
        summary: 'Delete a comment and its reports',
        params: IdParamsSchema,
        response: { 204: z.null(), 403: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await deleteComment(context, currentSession(request).user, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
