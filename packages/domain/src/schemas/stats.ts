import { z } from 'zod';

export const DashboardStatsSchema = z.object({
  own: z.object({
    videos: z.number().int(),
    views: z.number().int(),
    clicks: z.number().int(),
    /** Comments on their videos, hidden ones included. */
    comments: z.number().int(),
    /** Comments on their videos since they last opened 'Commentaires'; all of them before that. */
    new_comments: z.number().int(),
  }),
  /** Present for the superadmin only. */
  platform: z
    .object({
      users: z.number().int(),
      videos: z.number().int(),
      discounts: z.number().int(),
      views: z.number().int(),
      clicks: z.number().int(),
      /** Reported and not hidden: waiting for the superadmin. */
      reported_comments: z.number().int(),
    })
    .nullable(),
});
export type DashboardStats = z.infer<typeof DashboardStatsSchema>;
