import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema, IdParamsSchema } from '@coulisses/domain/schemas/common';
import {
  CommentPostSchema,
  CommentReportSchema,
  PublicCommentPageSchema,
  PublicCommentQuerySchema,
  PublicCommentSchema,
} from '@coulisses/domain/schemas/comments';
import type { AppContext } from '../../context.ts';
import { currentSession } from '../../plugins/session-auth.ts';
import { deleteOwnComment, listVideoComments, postComment, reportComment } from './app-comments.service.ts';

const tags = ['app'];

/**
 * The app's side of comments: anyone reads a visible video's thread; members (an app token) write,
 * take back their own and report. Texts are JSON strings, never markup.
 */
export const appCommentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  app.get(
    '/api/public/videos/:id/comments',
    {
      schema: {
        'x-required-role': 'public',
        tags,
        summary:
          "A visible video's comments, newest first, 50 a page (`after` = nextCursor); hidden ones never",
        params: IdParamsSchema,
        querystring: PublicCommentQuerySchema,
        response: { 200: PublicCommentPageSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => listVideoComments(context, request.params.id, request.query.after),
  );

  app.post(
    '/api/public/videos/:id/comments',
    {
      schema: {
        'x-required-role': 'member',
        tags,
        summary:
          'Comment a visible video: text trimmed, 1 to 1,000 characters, stored as typed; 403 when muted, 429 when too fast',
        params: IdParamsSchema,
        body: CommentPostSchema,
        response: {
          201: PublicCommentSchema,
          400: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const comment = await postComment(
        context,
        currentSession(request).user.id,
        request.params.id,
        request.body,
        request.ip,
      );
      return reply.status(201).send(comment);
    },
  );

  app.delete(
    '/api/public/comments/:id',
    {
      schema: {
        'x-required-role': 'member',
        tags,
        summary: 'Delete your own comment',
        params: IdParamsSchema,
        response: { 204: z.null(), 403: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await deleteOwnComment(context, currentSession(request).user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/public/comments/:id/reports',
    {
      schema: {
        'x-required-role': 'member',
        tags,
        summary: "Report a comment the app shows, once (reason: 'spam', 'insulte', 'hors sujet' or 'autre')",
        params: IdParamsSchema,
        body: CommentReportSchema,
        response: { 201: z.null(), 400: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await reportComment(context, currentSession(request).user.id, request.params.id, request.body.reason);
      return reply.status(201).send(null);
    },
  );
};
