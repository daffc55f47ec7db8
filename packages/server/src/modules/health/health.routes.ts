import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthSchema } from '@coulisses/domain/schemas/health';
import type { AppContext } from '../../context.ts';

const PublicConfigSchema = z.object({ appStoreUrl: z.string() });

export const healthRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { config }) => {
  app.get(
    '/api/health',
    {
      schema: {
        'x-required-role': 'public',
        tags: ['health'],
        summary: 'Answers 200 once the server is ready',
        response: { 200: HealthSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
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
