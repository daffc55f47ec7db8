import type { DashboardStats } from '@coulisses/domain/schemas/stats';
import type { AppContext } from '../../context.ts';
import type { ActiveSession } from '../../plugins/session-auth.ts';
import { commentCountsOf, countReportedComments } from '../comments/comments.service.ts';
import { countRows, countVideosOf, findCreatorCounters, readTotals } from './stats.repository.ts';

/**
 * 'Tes stats': your own videos, views, clicks and comments; for the superadmin, the platform's
 * counts too, with the reported comments waiting.
 */
export async function dashboardStats(context: AppContext, session: ActiveSession): Promise<DashboardStats> {
  const { db } = context;
  const [videos, counters, comments] = await Promise.all([
    countVideosOf(db, session.user.id),
    findCreatorCounters(db, session.user.id),
    commentCountsOf(context, session.user.id),
  ]);
  const own = {
    videos,
    views: Number(counters?.total_views ?? 0),
    clicks: Number(counters?.total_clicks ?? 0),
    ...comments,
  };
  if (!session.user.is_superadmin) return { own, platform: null };
  const [users, allVideos, discounts, totals, reported] = await Promise.all([
    countRows(db, 'users'),
    countRows(db, 'videos'),
    countRows(db, 'discounts'),
    readTotals(db),
    countReportedComments(context),
  ]);
  return { own, platform: { users, videos: allVideos, discounts, ...totals, reported_comments: reported } };
}
