import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DashboardStatsSchema } from '@coulisses/domain/schemas/stats';
import type { AppContext } from '../../context.ts';
import { currentSession } from '../../plugins/session-auth.ts';
import { dashboardStats } from './stats.service.ts';

export const statsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  app.get(
    '/api/stats/dashboard',
    {
      schema: {
        'x-required-role': 'creator',
        tags: ['stats'],
        summary: "'Tes stats': own counts, and the platform's for the superadmin",
        response: { 200: DashboardStatsSchema },
      },
    },
    async (request) => dashboardStats(context, currentSession(request)),
  );
};
