import type { DashboardStats } from '@coulisses/domain/schemas/stats';
import type { AppContext } from '../../context.ts';
import type { ActiveSession } from '../../plugins/session-auth.ts';
import { commentCountsOf, countReportedComments } from '../comments/comments.service.ts';
import { findCreatorCounters, readTotals } from './stats.repository.ts';

/**
 * 'Tes stats': your own videos, views, clicks and comments; for the superadmin, the platform's
 * counts too, with the reported comments waiting.
 */
export async function dashboardStats(context: AppContext, session: ActiveSession): Promise<DashboardStats> {
  const { db } = context;
  const [counters, comments] = await Promise.all([
    findCreatorCounters(db, session.user.id),
    commentCountsOf(context, session.user.id),
  ]);
  const own = {
    videos: Number(counters?.video_count ?? 0),
    views: Number(counters?.total_views ?? 0),
    clicks: Number(counters?.total_clicks ?? 0),
    ...comments,
  };
  if (!session.user.is_superadmin) return { own, platform: null };
  const [totals, reported] = await Promise.all([readTotals(db), countReportedComments(context)]);
  return { own, platform: { ...totals, reported_comments: reported } };
}
