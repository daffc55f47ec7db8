import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@coulisses/domain/schemas/common';
import { CountParamsSchema, CountResultSchema } from '@coulisses/domain/schemas/public-api';
import { MESSAGES } from '@coulisses/domain/messages';
import type { AppContext } from '../../context.ts';
import { TooManyRequestsError } from '../../lib/errors.ts';
import { countEvent } from './counting.service.ts';

/**
 * Per address, whatever account each request carries: well above what a person scrolling the app
 * produces, well below a script's pace.
 */
const COUNT_RATE_LIMIT = { max: 120, timeWindow: '1 minute' };

export const countingRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  app.post(
    '/api/public/count/:event/:id',
    {
      config: {
        rateLimit: {
          ...COUNT_RATE_LIMIT,
          errorResponseBuilder: (_request, context) =>
            new TooManyRequestsError(MESSAGES.countingTooFast, context.ttl / 1000),
        },
      },
      schema: {
        'x-required-role': 'public',
        tags: ['app'],
        summary:
          'The app reports a video view, a creator-page link click, a discount view or a discount click',
        description:
          'Counts once per item within 10 minutes for an address, and for an account when signed in; ' +
          'only what the app shows (a published page of an active creator, a discount on its days) ' +
          "counts, anything else is 404. With the subscriber's Bearer token, their own totals grow too.",
        params: CountParamsSchema,
        body: z.unknown().optional(),
        response: { 200: CountResultSchema, 404: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request) =>
      countEvent(context, request.params.event, request.params.id, {
        userId: request.session?.user.id,
        ip: request.ip,
      }),
  );
};
