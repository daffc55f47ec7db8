import { z } from 'zod';

export const DashboardStatsSchema = z.object({
  own: z.object({
    videos: z.number().int(),
    views: z.number().int(),
    clicks: z.number().int(),
  }),
  /** Present for the superadmin only. */
  platform: z
    .object({
      users: z.number().int(),
      videos: z.number().int(),
      discounts: z.number().int(),
      views: z.number().int(),
      clicks: z.number().int(),
    })
    .nullable(),
});
export type DashboardStats = z.infer<typeof DashboardStatsSchema>;
