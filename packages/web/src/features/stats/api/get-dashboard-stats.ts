import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardStats } from '@coulisses/domain/schemas/stats';
import { api } from '../../../lib/api-client.ts';

export const statsKeys = { dashboard: ['stats', 'dashboard'] as const };

export const dashboardStatsQueryOptions = queryOptions({
  queryKey: statsKeys.dashboard,
  queryFn: () => api.get<DashboardStats>('/api/stats/dashboard'),
});

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions);
}
