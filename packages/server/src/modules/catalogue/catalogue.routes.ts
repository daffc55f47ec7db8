import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema, IdParamsSchema } from '@coulisses/domain/schemas/common';
import {
  PublicCategoryListSchema,
  PublicCreatorPageSchema,
  PublicCreatorSchema,
  PublicCursorQuerySchema,
  PublicDiscountPageSchema,
  PublicDiscountQuerySchema,
  PublicVideoListSchema,
  PublicVideoPageSchema,
  PublicVideoQuerySchema,
  PublicVideoSchema,
} from '@coulisses/domain/schemas/public-api';
import type { AppContext } from '../../context.ts';
import {
  absoluteUrls,
  getCreator,
  getVideo,
  listCategories,
  listCreators,
  listCuratedVideos,
  listCurrentDiscounts,
  listVideos,
} from './catalogue.service.ts';
import { publicAnswers } from './http-cache.ts';

const common = { 'x-required-role': 'public', tags: ['app'] } as const;

/** The mobile app's read-only content API: only what is published, never a hidden video. */
export const catalogueRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const answers = publicAnswers(context);
  app.addHook('onRequest', answers.serve);
  app.addHook('onSend', answers.describeAndKeep);
  const urls = absoluteUrls(context.storage, context.config.publicUrl);

  app.get(
    '/api/public/video-categories',
    {
      schema: {
        ...common,
        summary: 'Video categories, by name',
        response: { 200: PublicCategoryListSchema },
      },
    },
    async () => listCategories(context, 'video'),
  );

  app.get(
    '/api/public/discount-categories',
    {
      schema: {
        ...common,
        summary: 'Discount categories, by name',
        response: { 200: PublicCategoryListSchema },
      },
    },
    async () => listCategories(context, 'discount'),
  );

  app.get(
    '/api/public/creators',
    {
      schema: {
        ...common,
        summary: 'Published, active creators, 50 per page',
        querystring: PublicCursorQuerySchema,
        response: { 200: PublicCreatorPageSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => listCreators(context, urls, request.query.after),
  );

  app.get(
    '/api/public/creators/:id',
    {
      schema: {
        ...common,
        summary: 'One published creator page (its videos: /api/public/videos?creator=id)',
        params: IdParamsSchema,
        response: { 200: PublicCreatorSchema, 404: ErrorBodySchema },
      },
    },
    async (request) => getCreator(context, urls, request.params.id),
  );

  app.get(
    '/api/public/videos',
    {
      schema: {
        ...common,
        summary: 'Visible videos by title, 50 per page, by category and/or creator',
        querystring: PublicVideoQuerySchema,
        response: { 200: PublicVideoPageSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => listVideos(context, urls, request.query),
  );

  app.get(
    '/api/public/videos/:id',
    {
      schema: {
        ...common,
        summary: 'One visible video',
        params: IdParamsSchema,
        response: { 200: PublicVideoSchema, 404: ErrorBodySchema },
      },
    },
    async (request) => getVideo(context, urls, request.params.id),
  );

  app.get(
    '/api/public/featured-videos',
    {
      schema: {
        ...common,
        summary: 'The featured list, in its order',
        response: { 200: PublicVideoListSchema },
      },
    },
    async () => listCuratedVideos(context, urls, 'featured'),
  );

  app.get(
    '/api/public/latest-videos',
    {
      schema: {
        ...common,
        summary: 'The latest videos, newest first',
        response: { 200: PublicVideoListSchema },
      },
    },
    async () => listCuratedVideos(context, urls, 'latest'),
  );

  app.get(
    '/api/public/discounts',
    {
      schema: {
        ...common,
        summary: 'Discounts running now, by title, 50 per page, by category',
        querystring: PublicDiscountQuerySchema,
        response: { 200: PublicDiscountPageSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => listCurrentDiscounts(context, urls, request.query),
  );
};
