import type { QueryClient } from '@tanstack/react-query';
import type { Session } from '@coulisses/domain/schemas/auth';
import { categoriesQueryOptions } from '../features/categories/api/get-categories.ts';
import { commentFiltersOf, commentsList } from '../features/comments/api/comment-keys.ts';
import { creatorsQueryOptions } from '../features/creators/api/get-creators.ts';
import { discountsList } from '../features/discounts/api/discount-keys.ts';
import { discountQueryOptions } from '../features/discounts/api/get-discount.ts';
import { activityList, journalFiltersOf, journalList } from '../features/journal/api/journal-keys.ts';
import { pageSettingsQueryOptions } from '../features/page-settings/api/get-page-settings.ts';
import { dashboardStatsQueryOptions } from '../features/stats/api/get-dashboard-stats.ts';
import { subscribersList } from '../features/subscribers/api/subscriber-keys.ts';
import { featuredVideosQueryOptions } from '../features/videos/api/get-featured-videos.ts';
import { videoQueryOptions } from '../features/videos/api/get-video.ts';
import { allVideosList, myVideosList } from '../features/videos/api/video-keys.ts';
import { searchTermOf } from '../lib/router.tsx';

/**
 * What a page asks for first, for the signed-in `user` at an address holding `params` and naming
 * `routeParams` in its path (an edit page's id): the same queries as the page's own, so that the
 * page finds them on their way or in the cache. Settles once they have (a failure is the page's to
 * show, when it asks again).
 */
export type PageData = (
  queryClient: QueryClient,
  params: URLSearchParams,
  user: Session['user'],
  routeParams: Readonly<Record<string, string>>,
) => Promise<unknown>;

/** Only the superadmin's: anyone else is shown a refusal, and asks nothing. */
const superadminOnly =
  (data: PageData): PageData =>
  async (queryClient, params, user, routeParams) => {
    if (user.is_superadmin) await data(queryClient, params, user, routeParams);
  };

export const dashboardData: PageData = (queryClient, _params, user) =>
  Promise.all([
    queryClient.prefetchQuery(dashboardStatsQueryOptions),
    // A creator's first steps and activity.
    ...(user.is_superadmin
      ? []
      : [
          queryClient.prefetchQuery(pageSettingsQueryOptions),
          queryClient.prefetchInfiniteQuery(activityList()),
        ]),
  ]);

export const myVideosData: PageData = (queryClient, params) =>
  Promise.all([
    queryClient.prefetchInfiniteQuery(myVideosList(searchTermOf(params))),
    queryClient.prefetchQuery(categoriesQueryOptions('video')),
  ]);

/** The video, and the categories its form offers. */
export const editVideoData: PageData = (queryClient, _params, _user, { id = '' }) =>
  Promise.all([
    queryClient.prefetchQuery(videoQueryOptions(queryClient, id)),
    queryClient.prefetchQuery(categoriesQueryOptions('video')),
  ]);

/** The categories its form offers. */
export const addVideoData: PageData = (queryClient) =>
  queryClient.prefetchQuery(categoriesQueryOptions('video'));

export const allVideosData = superadminOnly((queryClient, params) =>
  queryClient.prefetchInfiniteQuery(allVideosList(searchTermOf(params))),
);

export const featuredData = superadminOnly((queryClient) =>
  queryClient.prefetchQuery(featuredVideosQueryOptions),
);

export const commentsData: PageData = (queryClient, params, user) =>
  queryClient.prefetchInfiniteQuery(
    commentsList(user.is_superadmin ? 'everyone' : 'mine', commentFiltersOf(params)),
  );

export const subscribersData = superadminOnly((queryClient, params) =>
  Promise.all([
    queryClient.prefetchInfiniteQuery(subscribersList(searchTermOf(params))),
    // The page's count of subscribers.
    queryClient.prefetchQuery(dashboardStatsQueryOptions),
  ]),
);

export const creatorsData = superadminOnly((queryClient) => queryClient.prefetchQuery(creatorsQueryOptions));

export const discountsData = superadminOnly((queryClient, params) =>
  Promise.all([
    queryClient.prefetchInfiniteQuery(discountsList(searchTermOf(params))),
    queryClient.prefetchQuery(categoriesQueryOptions('discount')),
  ]),
);

/** The categories its form offers. */
export const addDiscountData = superadminOnly((queryClient) =>
  queryClient.prefetchQuery(categoriesQueryOptions('discount')),
);

/** The discount, and the categories its form offers. */
export const editDiscountData = superadminOnly((queryClient, _params, _user, { id = '' }) =>
  Promise.all([
    queryClient.prefetchQuery(discountQueryOptions(queryClient, id)),
    queryClient.prefetchQuery(categoriesQueryOptions('discount')),
  ]),
);

export const journalData = superadminOnly((queryClient, params) =>
  queryClient.prefetchInfiniteQuery(journalList(journalFiltersOf(params))),
);

export const pageSettingsData: PageData = (queryClient) =>
  queryClient.prefetchQuery(pageSettingsQueryOptions);
