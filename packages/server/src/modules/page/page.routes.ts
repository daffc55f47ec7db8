import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@coulisses/domain/schemas/common';
import {
  PAGE_IMAGES,
  PageSettingsSchema,
  PublishResultSchema,
  PublishSchema,
} from '@coulisses/domain/schemas/page';
import type { AppContext } from '../../context.ts';
import { readMultipart } from '../../lib/multipart.ts';
import { currentSession } from '../../plugins/session-auth.ts';
import { getPage, savePage, setPageLive } from './page.service.ts';

/** Room for the JSON of every text field at its longest, even in 4-byte characters. */
const PAGE_DATA_MAX_BYTES = 160 * 1024;
const SaveFormSchema = z.strictObject({ data: z.string().optional() });

export const pageRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, storage }) => {
  app.get(
    '/api/page',
    {
      schema: {
        'x-required-role': 'creator',
        tags: ['page'],
        summary: "The signed-in creator's own page settings, with image URLs",
        response: { 200: PageSettingsSchema, 404: ErrorBodySchema },
      },
    },
    async (request) => getPage(db, storage, currentSession(request).user.id),
  );

  app.put(
    '/api/page',
    {
      schema: {
        'x-required-role': 'creator',
        tags: ['page'],
        summary: 'Save (merge) the own page',
        description:
          'multipart/form-data: a `data` part holding the JSON of the fields to change (absent ones ' +
          'keep their value), and optional image files `horizontal` (made 900x600) and `vertical` ' +
          '(made 600x900). A suspended creator is refused (403).',
        consumes: ['multipart/form-data'],
        response: {
          200: PageSettingsSchema,
          400: ErrorBodySchema,
          403: ErrorBodySchema,
          413: ErrorBodySchema,
          415: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const form = await readMultipart(
        request,
        PAGE_IMAGES.map((image) => image.field),
        SaveFormSchema,
        { fieldSize: PAGE_DATA_MAX_BYTES },
      );
      return savePage(db, storage, currentSession(request).user.id, {
        data: form.fields.data,
        files: form.files,
      });
    },
  );

  app.put(
    '/api/page/publish',
    {
      schema: {
        'x-required-role': 'creator',
        tags: ['page'],
        summary: 'Publish (live true) or unpublish (live false) the own page',
        description:
          'Publishing needs title, both images and the featured video, and an active account; ' +
          'unpublishing is always allowed.',
        body: PublishSchema,
        response: { 200: PublishResultSchema, 400: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request) => setPageLive(db, currentSession(request).user.id, request.body.live),
  );
};
