export const statsKeys = {
  dashboard: ['stats', 'dashboard'] as const,
};

export const DASHBOARD_STATS_URL = '/api/stats/dashboard';
