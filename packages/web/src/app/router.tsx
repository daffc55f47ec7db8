import { createBrowserRouter, Navigate } from 'react-router';
import { AppLayout } from '../components/layout/app-layout.tsx';
import { RouteError } from '../components/errors/route-error.tsx';
import { paths } from '../config/paths.ts';
import { lazyPage } from '../lib/lazy-route.ts';
import { RequireSignedIn } from './guards.tsx';

/** Every route of spec section 2; pages load lazily, each in its own chunk. */
export function createRouter() {
  return createBrowserRouter([
    {
      element: <AppLayout />,
      errorElement: <RouteError />,
      children: [
        {
          errorElement: <RouteError />,
          children: [
            { path: paths.landing, lazy: lazyPage(() => import('./routes/landing.tsx')) },
            { path: paths.login, lazy: lazyPage(() => import('./routes/login.tsx')) },
            { path: paths.privacy, lazy: lazyPage(() => import('./routes/privacy.tsx')) },
            { path: paths.terms, lazy: lazyPage(() => import('./routes/terms.tsx')) },
            {
              element: <RequireSignedIn />,
              children: [
                { path: paths.dashboard, lazy: lazyPage(() => import('./routes/dashboard.tsx')) },
                { path: paths.videos, lazy: lazyPage(() => import('./routes/my-videos.tsx')) },
                { path: paths.allVideos, lazy: lazyPage(() => import('./routes/all-videos.tsx')) },
                { path: paths.addVideo, lazy: lazyPage(() => import('./routes/add-video.tsx')) },
                { path: paths.users, lazy: lazyPage(() => import('./routes/subscribers.tsx')) },
                { path: paths.creators, lazy: lazyPage(() => import('./routes/creators.tsx')) },
                { path: paths.pageSettings, lazy: lazyPage(() => import('./routes/page-settings.tsx')) },
                { path: paths.discounts, lazy: lazyPage(() => import('./routes/discounts.tsx')) },
                { path: paths.addDiscount, lazy: lazyPage(() => import('./routes/add-discount.tsx')) },
              ],
            },
            { path: '*', element: <Navigate to={paths.landing} replace /> },
          ],
        },
      ],
    },
  ]);
}
