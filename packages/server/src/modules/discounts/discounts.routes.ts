import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorBodySchema,
  IdParamsSchema,
  ListQuerySchema,
  pageSchema,
} from '@coulisses/domain/schemas/common';
import { DISCOUNT_IMAGE_FIELD } from '@coulisses/domain/constants/upload-fields';
import {
  DiscountCreateSchema,
  DiscountEditSchema,
  DiscountSchema,
} from '@coulisses/domain/schemas/discounts';
import type { AppContext } from '../../context.ts';
import { sentAsWritten } from '../../lib/json-bytes.ts';
import { acceptedEncoding } from '../../plugins/json-compression.ts';
import { currentSession } from '../../plugins/session-auth.ts';
import { multipartForm, withMultipart } from '../../lib/multipart.ts';
import { assertNotSubmitted, SubmissionHeadersSchema } from '../form-submissions/form-submissions.service.ts';
import {
  createDiscount,
  deleteDiscount,
  editDiscount,
  getDiscount,
  listDiscounts,
} from './discounts.service.ts';

const addForm = multipartForm(DiscountCreateSchema, [
  { field: DISCOUNT_IMAGE_FIELD, orientation: 'horizontal', required: true },
]);

const editForm = multipartForm(DiscountEditSchema, [
  { field: DISCOUNT_IMAGE_FIELD, orientation: 'horizontal', required: false },
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
    async (request, reply) =>
      sentAsWritten(reply, await listDiscounts(context, request.query, acceptedEncoding(request))),
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
        createDiscount(
          context,
          currentSession(request).user,
          form.fields,
          form.files[DISCOUNT_IMAGE_FIELD],
          submission,
        ),
      );
      return reply.status(201).send(discount);
    },
  );

  app.get(
    '/api/discounts/:id',
    {
      schema: {
        'x-required-role': 'superadmin',
        tags: ['discounts'],
        summary: 'One discount with its categories and version, for its edit form',
        params: IdParamsSchema,
        response: { 200: DiscountSchema, 404: ErrorBodySchema },
      },
    },
    async (request) => getDiscount(context, request.params.id),
  );

  app.put(
    '/api/discounts/:id',
    {
      validatorCompiler: editForm.validatorCompiler,
      schema: {
        'x-required-role': 'superadmin',
        tags: ['discounts'],
        summary:
          "Edit a discount (multipart: the add form's fields, the version the form was opened at, and an image to replace it); 409 when saved meanwhile",
        ...editForm.schema,
        params: IdParamsSchema,
        response: {
          200: DiscountSchema,
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          413: ErrorBodySchema,
          415: ErrorBodySchema,
          429: ErrorBodySchema,
          503: ErrorBodySchema,
        },
      },
    },
    async (request) =>
      withMultipart(request, [DISCOUNT_IMAGE_FIELD], DiscountEditSchema, (form) =>
        editDiscount(
          context,
          currentSession(request).user,
          request.params.id,
          form.fields,
          form.files[DISCOUNT_IMAGE_FIELD],
        ),
      ),
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
      await deleteDiscount(context, currentSession(request).user, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
