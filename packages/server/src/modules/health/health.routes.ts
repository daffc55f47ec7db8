import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@coulisses/domain/schemas/common';
import { HealthSchema } from '@coulisses/domain/schemas/health';
import type { AppContext } from '../../context.ts';
import { assertReady } from './health.service.ts';

const PublicConfigSchema = z.object({ appStoreUrl: z.string() });

export const healthRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { config } = context;
  app.get(
    '/api/health',
    {
      schema: {
        'x-required-role': 'public',
        tags: ['health'],
        summary:
          'Readiness: 200 while the database and file storage answer, 503 otherwise (for the load balancer)',
        response: { 200: HealthSchema, 503: ErrorBodySchema },
      },
    },
    async () => {
      await assertReady(context);
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/api/health/live',
    {
      schema: {
        'x-required-role': 'public',
        tags: ['health'],
        summary: 'Liveness: 200 while the process runs, whatever the database or storage do',
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
