import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema, IdParamsSchema, ListQuerySchema } from '@coulisses/domain/schemas/common';
import {
  AdminVideoPageSchema,
  FeaturedListSchema,
  FeaturedMoveSchema,
  FeaturedStateSchema,
  VIDEO_IMAGE_FIELDS,
  VideoEditFieldsSchema,
  VideoFieldsSchema,
  VideoPageSchema,
  VideoSchema,
} from '@coulisses/domain/schemas/videos';
import type { AppContext } from '../../context.ts';
import { sentAsWritten } from '../../lib/json-bytes.ts';
import { multipartForm, withMultipart } from '../../lib/multipart.ts';
import { acceptedEncoding } from '../../plugins/json-compression.ts';
import { currentSession } from '../../plugins/session-auth.ts';
import { assertNotSubmitted, SubmissionHeadersSchema } from '../form-submissions/form-submissions.service.ts';
import { addVideo, assertMayAddVideos, listAllVideos, listOwnVideos, removeVideo } from './videos.service.ts';
import {
  listFeaturedVideos,
  moveFeaturedVideo,
  toggleFeaturedVideo,
  unfeatureVideo,
} from './featured.service.ts';
import { editVideo, getVideo } from './video-edit.service.ts';

const addForm = multipartForm(
  VideoFieldsSchema,
  VIDEO_IMAGE_FIELDS.map((field) => ({ field, orientation: field, required: true })),
);

const editForm = multipartForm(
  VideoEditFieldsSchema,
  VIDEO_IMAGE_FIELDS.map((field) => ({ field, orientation: field, required: false })),
);

export const videoRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  app.get(
    '/api/videos/mine',
    {
      schema: {
        'x-required-role': 'creator',
        tags: ['videos'],
        summary: "The signed-in creator's videos: 50 a page by lowercase title, `q` searches every title",
        querystring: ListQuerySchema,
        response: { 200: VideoPageSchema },
      },
    },
    async (request, reply) =>
      sentAsWritten(
        reply,
        await listOwnVideos(context, currentSession(request), request.query, acceptedEncoding(request)),
      ),
  );

  app.get(
    '/api/videos',
    {
      schema: {
        'x-required-role': 'superadmin',
        tags: ['videos'],
        summary: 'Every video with its creator and featured state: 50 a page by lowercase title',
        querystring: ListQuerySchema,
        response: { 200: AdminVideoPageSchema },
      },
    },
    async (request, reply) =>
      sentAsWritten(reply, await listAllVideos(context, request.query, acceptedEncoding(request))),
  );

  app.post(
    '/api/videos',
    {
      validatorCompiler: addForm.validatorCompiler,
      schema: {
        'x-required-role': 'creator',
        tags: ['videos'],
        summary:
          'Add a video (multipart: title, link, categories, horizontal and vertical images); needs a published page',
        ...addForm.schema,
        headers: SubmissionHeadersSchema,
        response: {
          201: VideoSchema,
          400: ErrorBodySchema,
          403: ErrorBodySchema,
          409: ErrorBodySchema,
          413: ErrorBodySchema,
          415: ErrorBodySchema,
          429: ErrorBodySchema,
          503: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { id } = currentSession(request).user;
      const submission = { userId: id, key: request.headers['idempotency-key'] };
      // Refused before the images are even read when the page is not live or the form was sent.
      await assertMayAddVideos(context, id);
      await assertNotSubmitted(context, submission);
      const video = await withMultipart(request, VIDEO_IMAGE_FIELDS, VideoFieldsSchema, (form) =>
        addVideo(context, id, form, submission),
      );
      return reply.status(201).send(video);
    },
  );

  app.get(
    '/api/videos/:id',
    {
      schema: {
        'x-required-role': 'creator',
        tags: ['videos'],
        summary:
          'One video with its categories and version, for its edit form (own, or any for the superadmin)',
        params: IdParamsSchema,
        response: { 200: VideoSchema, 403: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => getVideo(context, currentSession(request), request.params.id),
  );

  app.put(
    '/api/videos/:id',
    {
      validatorCompiler: editForm.validatorCompiler,
      schema: {
        'x-required-role': 'creator',
        tags: ['videos'],
        summary:
          'Edit a video (multipart: title, link, categories, the version the form was opened at, and either image to replace it); 409 when saved meanwhile',
        ...editForm.schema,
        params: IdParamsSchema,
        response: {
          200: VideoSchema,
          400: ErrorBodySchema,
          403: ErrorBodySchema,
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
      withMultipart(request, VIDEO_IMAGE_FIELDS, VideoEditFieldsSchema, (form) =>
        editVideo(context, currentSession(request), request.params.id, form),
      ),
  );

  app.delete(
    '/api/videos/:id',
    {
      schema: {
        'x-required-role': 'creator',
        tags: ['videos'],
        summary: 'Delete a video (own, or any for the superadmin) with its list entries and images',
        params: IdParamsSchema,
        response: { 204: z.null(), 403: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await removeVideo(context, currentSession(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/featured-videos',
    {
      schema: {
        'x-required-role': 'superadmin',
        tags: ['videos'],
        summary: 'The featured list in the order the app gets it, each video with its title and creator',
        response: { 200: FeaturedListSchema },
      },
    },
    async () => listFeaturedVideos(context),
  );

  app.put(
    '/api/featured-videos/:id/position',
    {
      schema: {
        'x-required-role': 'superadmin',
        tags: ['videos'],
        summary: 'Move a featured video to another place (0 is the front); answers the list as it now is',
        params: IdParamsSchema,
        body: FeaturedMoveSchema,
        response: { 200: FeaturedListSchema, 400: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (request) =>
      moveFeaturedVideo(context, currentSession(request).user, request.params.id, request.body.position),
  );

  app.delete(
    '/api/featured-videos/:id',
    {
      schema: {
        'x-required-role': 'superadmin',
        tags: ['videos'],
        summary: 'Take a video out of the featured list (nothing to do if it is out); answers the list',
        params: IdParamsSchema,
        response: { 200: FeaturedListSchema },
      },
    },
    async (request) => unfeatureVideo(context, currentSession(request).user, request.params.id),
  );

  app.post(
    '/api/videos/:id/featured',
    {
      schema: {
        'x-required-role': 'superadmin',
        tags: ['videos'],
        summary: 'Feature or unfeature a video (front of the list, at most 10); answers the new state',
        params: IdParamsSchema,
        response: { 200: FeaturedStateSchema, 404: ErrorBodySchema },
      },
    },
    async (request) => toggleFeaturedVideo(context, currentSession(request).user, request.params.id),
  );
};
