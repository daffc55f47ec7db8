import type { DashboardStats } from '@coulisses/domain/schemas/stats';
import type { AppContext } from '../../context.ts';
import type { ActiveSession } from '../../plugins/session-auth.ts';
import { countRows, countVideosOf, findCreatorCounters, readTotals } from './stats.repository.ts';

/** 'Tes stats': your own videos, views and clicks; for the superadmin, the platform's counts too. */
export async function dashboardStats({ db }: AppContext, session: ActiveSession): Promise<DashboardStats> {
  const [videos, counters] = await Promise.all([
    countVideosOf(db, session.user.id),
    findCreatorCounters(db, session.user.id),
  ]);
  const own = {
    videos,
    views: Number(counters?.total_views ?? 0),
    clicks: Number(counters?.total_clicks ?? 0),
  };
  if (!session.user.is_superadmin) return { own, platform: null };
  const [users, allVideos, discounts, totals] = await Promise.all([
    countRows(db, 'users'),
    countRows(db, 'videos'),
    countRows(db, 'discounts'),
    readTotals(db),
  ]);
  return { own, platform: { users, videos: allVideos, discounts, ...totals } };
}
