import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthSchema } from '@coulisses/domain/schemas/health';
import { MESSAGES } from '@coulisses/domain/messages';
import type { AppContext } from '../../context.ts';
import { ServiceUnavailableError } from '../../lib/errors.ts';

const PublicConfigSchema = z.object({ appStoreUrl: z.string() });

export const healthRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { config, storage }) => {
  app.get(
    '/api/health',
    {
      schema: {
        'x-required-role': 'public',
        tags: ['health'],
        summary: 'Answers 200 once the server is ready, 503 while file storage is out of reach',
        response: { 200: HealthSchema },
      },
    },
    async () => {
      // Ready means able to serve images: a proxy takes a process whose bucket is out of reach out
      // of rotation before its uploads fail.
      await storage.check().catch(() => {
        throw new ServiceUnavailableError(MESSAGES.serverError, 5);
      });
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/api/config',
    {
      schema: {
        'x-required-role': 'public',
        tags: ['health'],
        summary: 'Public settings the landing page needs (store link of the app)',
        response: { 200: PublicConfigSchema },
      },
    },
    async () => ({ appStoreUrl: config.appStoreUrl }),
  );
};
