import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardStats } from '@coulisses/domain/schemas/stats';
import { api } from '../../../lib/api-client.ts';
import { DASHBOARD_STATS_URL, statsKeys } from './stats-keys.ts';

export const dashboardStatsQueryOptions = queryOptions({
  queryKey: statsKeys.dashboard,
  queryFn: () => api.get<DashboardStats>(DASHBOARD_STATS_URL),
});

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions);
}
