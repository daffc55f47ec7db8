import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AppLayout } from '../components/layout/app-layout.tsx';
import type { PageHandle } from '../components/layout/page-change.ts';
import { RouteError } from '../components/errors/route-error.tsx';
import { paths } from '../config/paths.ts';
import { lazyPage } from '../lib/lazy-route.ts';
import { RequireSignedIn } from './guards.tsx';

/** A page route: its path, its name in the browser tab, and its lazily loaded module. */
function page(path: string, title: string, load: Parameters<typeof lazyPage>[0]): RouteObject {
  const handle: PageHandle = { title };
  return { path, handle, lazy: lazyPage(load) };
}

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
            page(paths.landing, 'Accueil', () => import('./routes/landing.tsx')),
            page(paths.login, 'Connexion', () => import('./routes/login.tsx')),
            page(paths.privacy, 'Politique de confidentialité', () => import('./routes/privacy.tsx')),
            page(paths.terms, "Conditions générales d'utilisation", () => import('./routes/terms.tsx')),
            {
              element: <RequireSignedIn />,
              children: [
                page(paths.dashboard, 'Dashboard', () => import('./routes/dashboard.tsx')),
                page(paths.videos, 'Mes vidéos', () => import('./routes/my-videos.tsx')),
                page(paths.allVideos, 'Toutes les vidéos', () => import('./routes/all-videos.tsx')),
                page(paths.addVideo, 'Ajouter une vidéo', () => import('./routes/add-video.tsx')),
                page(paths.users, 'Abonnés', () => import('./routes/subscribers.tsx')),
                page(paths.creators, 'Créateurs', () => import('./routes/creators.tsx')),
                page(paths.pageSettings, 'Ma page', () => import('./routes/page-settings.tsx')),
                page(paths.discounts, 'Discounts', () => import('./routes/discounts.tsx')),
                page(paths.addDiscount, 'Ajouter un discount', () => import('./routes/add-discount.tsx')),
              ],
            },
            { path: '*', element: <Navigate to={paths.landing} replace /> },
          ],
        },
      ],
    },
  ]);
}
