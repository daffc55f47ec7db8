import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorBodySchema,
  IdParamsSchema,
  ListQuerySchema,
  pageSchema,
} from '@coulisses/domain/schemas/common';
import {
  DISCOUNT_IMAGE_FIELD,
  DiscountCreateSchema,
  DiscountSchema,
} from '@coulisses/domain/schemas/discounts';
import type { AppContext } from '../../context.ts';
import { currentSession } from '../../plugins/session-auth.ts';
import { multipartForm, withMultipart } from '../../lib/multipart.ts';
import { assertNotSubmitted, SubmissionHeadersSchema } from '../form-submissions/form-submissions.service.ts';
import { createDiscount, deleteDiscount, listDiscounts } from './discounts.service.ts';

const addForm = multipartForm(DiscountCreateSchema, [
  { field: DISCOUNT_IMAGE_FIELD, orientation: 'horizontal', required: true },
]);

/** Discounts are the superadmin's alone: creators get 403 on every operation (spec section 6). */
export const discountRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  app.get(
    '/api/discounts',
    {
      schema: {
        'x-required-role': 'superadmin',
        tags: ['discounts'],
        summary:
          'Discounts by lowercase title, 50 a page (`after` = nextCursor); with `q`, up to 1000 whose title contains it, ignoring case and accents',
        querystring: ListQuerySchema,
        response: { 200: pageSchema(DiscountSchema), 400: ErrorBodySchema },
      },
    },
    async (request) => listDiscounts(context, request.query),
  );

  app.post(
    '/api/discounts',
    {
      validatorCompiler: addForm.validatorCompiler,
      schema: {
        'x-required-role': 'superadmin',
        tags: ['discounts'],
        summary:
          'Add a discount (multipart: title, link, code, start_date and end_date as AAAA-MM-JJ, categories repeated, image file); the image becomes a 900x600 JPEG',
        ...addForm.schema,
        headers: SubmissionHeadersSchema,
        response: {
          201: DiscountSchema,
          400: ErrorBodySchema,
          409: ErrorBodySchema,
          413: ErrorBodySchema,
          415: ErrorBodySchema,
          429: ErrorBodySchema,
          503: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const submission = {
        userId: currentSession(request).user.id,
        key: request.headers['idempotency-key'],
      };
      await assertNotSubmitted(context, submission);
      const discount = await withMultipart(request, [DISCOUNT_IMAGE_FIELD], DiscountCreateSchema, (form) =>
        createDiscount(context, form.fields, form.files[DISCOUNT_IMAGE_FIELD], submission),
      );
      return reply.status(201).send(discount);
    },
  );

  app.delete(
    '/api/discounts/:id',
    {
      schema: {
        'x-required-role': 'superadmin',
        tags: ['discounts'],
        summary: 'Delete a discount, its category links and its stored image, all or nothing',
        params: IdParamsSchema,
        response: { 204: z.null(), 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await deleteDiscount(context, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
