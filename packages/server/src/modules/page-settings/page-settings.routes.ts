import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES } from '@coulisses/domain/messages';
import { ErrorBodySchema } from '@coulisses/domain/schemas/common';
import {
  PAGE_IMAGES,
  pageSettingsPatchSchema,
  PageSettingsSchema,
  PublishResultSchema,
  PublishSchema,
} from '@coulisses/domain/schemas/page';
import type { AppContext } from '../../context.ts';
import { multipartForm, withMultipart } from '../../lib/multipart.ts';
import { currentSession } from '../../plugins/session-auth.ts';
import { getPage, savePage, setPageLive } from './page-settings.service.ts';

/** Room for the JSON of every text field at its longest, even in 4-byte characters. */
const PAGE_DATA_MAX_BYTES = 160 * 1024;

const saveForm = multipartForm(
  z.object({
    data: z
      .string()
      .optional()
      .describe(
        'JSON of the fields to change (title, bio, links, email_visible, lebavard_url…); absent ones keep their value',
      ),
  }),
  PAGE_IMAGES.map(({ field, orientation }) => ({ field, orientation, required: false })),
);

export const pageSettingsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const patchSchema = pageSettingsPatchSchema(context.config.assistantScriptHosts);

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
    async (request) => getPage(context, currentSession(request).user.id),
  );

  app.put(
    '/api/page',
    {
      validatorCompiler: saveForm.validatorCompiler,
      schema: {
        'x-required-role': 'creator',
        tags: ['page'],
        summary: 'Save (merge) the own page',
        description:
          'multipart/form-data: a `data` part holding the JSON of the fields to change (absent ones ' +
          'keep their value), and optional image files `horizontal` (made 900x600) and `vertical` ' +
          '(made 600x900). `lebavard_url` is empty or one `<script src="https://…"></script>` on an ' +
          'allowed host (`assistant_script_hosts`), else 400 naming what is refused. A suspended ' +
          'creator is refused (403).',
        ...saveForm.schema,
        response: {
          200: PageSettingsSchema,
          400: ErrorBodySchema,
          403: ErrorBodySchema,
          413: ErrorBodySchema,
          415: ErrorBodySchema,
          429: ErrorBodySchema,
          503: ErrorBodySchema,
        },
      },
    },
    async (request) =>
      withMultipart(
        request,
        PAGE_IMAGES.map((image) => image.field),
        patchSchema,
        (form) => savePage(context, currentSession(request).user.id, form),
        { fieldSize: PAGE_DATA_MAX_BYTES, json: { part: 'data', invalidMessage: MESSAGES.pageDataInvalid } },
      ),
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
    async (request) => setPageLive(context, currentSession(request).user.id, request.body.live),
  );
};
