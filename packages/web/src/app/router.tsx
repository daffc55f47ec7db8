import type { QueryClient } from '@tanstack/react-query';
import { AppLayout } from '../components/layout/app-layout.tsx';
import { ErrorBoundary } from '../components/errors/error-boundary.tsx';
import { RouteError } from '../components/errors/route-error.tsx';
import { paths } from '../config/paths.ts';
import { Loading } from '../components/ui/loading.tsx';
import { sessionQuery } from '../lib/auth.tsx';
import { lazyPage } from '../lib/lazy-route.tsx';
import { matchRoute } from '../lib/route-match.ts';
import { Redirect, useLocation, type NavigationPreparation } from '../lib/router.tsx';
import { RequireSignedIn } from './guards.tsx';
import {
  addDiscountData,
  addVideoData,
  allVideosData,
  commentsData,
  creatorsData,
  dashboardData,
  discountsData,
  editDiscountData,
  editVideoData,
  featuredData,
  journalData,
  myVideosData,
  pageSettingsData,
  subscribersData,
  type PageData,
} from './page-data.ts';

interface PageRoute {
  path: string;
  /** The page's name in the browser tab. */
  title: string;
  signedIn: boolean;
  Page: ReturnType<typeof lazyPage>;
  /** Starts the requests the page makes first (see startPage); settles once they have. */
  data?: PageData;
  /**
   * The server draws the page for a signed-in visitor, with its first data
   * (docs/decisions/027-signed-in-pages-drawn-by-the-server.md).
   */
  drawn: boolean;
}

/** A page route: its path, its name in the browser tab, and its code, loaded in its own chunk. */
function page(
  path: string,
  title: string,
  load: Parameters<typeof lazyPage>[0],
  {
    signedIn = false,
    data,
    drawn = false,
  }: Pick<PageRoute, 'data'> & { signedIn?: boolean; drawn?: boolean } = {},
): PageRoute {
  return { path, title, signedIn, Page: lazyPage(load, <Loading />), data, drawn };
}

const signedIn = { signedIn: true };

/** Every route of spec section 2, and the edit pages. */
const PAGES: PageRoute[] = [
  page(paths.landing, 'Accueil', () => import('./routes/landing.tsx')),
  page(paths.login, 'Espace créateurs', () => import('./routes/login.tsx')),
  page(paths.privacy, 'Politique de confidentialité', () => import('./routes/privacy.tsx')),
  page(paths.terms, 'Conditions générales d’utilisation', () => import('./routes/terms.tsx')),
  page(paths.dashboard, 'Dashboard', () => import('./routes/dashboard.tsx'), {
    ...signedIn,
    data: dashboardData,
  }),
  page(paths.videos, 'Mes vidéos', () => import('./routes/my-videos.tsx'), {
    ...signedIn,
    data: myVideosData,
    drawn: true,
  }),
  page(paths.allVideos, 'Toutes les vidéos', () => import('./routes/all-videos.tsx'), {
    ...signedIn,
    data: allVideosData,
  }),
  page(paths.featured, 'À la une', () => import('./routes/featured.tsx'), {
    ...signedIn,
    data: featuredData,
  }),
  page(paths.comments, 'Commentaires', () => import('./routes/comments.tsx'), {
    ...signedIn,
    data: commentsData,
  }),
  page(paths.addVideo, 'Ajouter une vidéo', () => import('./routes/add-video.tsx'), {
    ...signedIn,
    data: addVideoData,
  }),
  page(paths.users, 'Abonnés', () => import('./routes/subscribers.tsx'), {
    ...signedIn,
    data: subscribersData,
  }),
  page(paths.creators, 'Créateurs', () => import('./routes/creators.tsx'), {
    ...signedIn,
    data: creatorsData,
  }),
  page(paths.pageSettings, 'Ma page', () => import('./routes/page-settings.tsx'), {
    ...signedIn,
    data: pageSettingsData,
  }),
  page(paths.discounts, 'Discounts', () => import('./routes/discounts.tsx'), {
    ...signedIn,
    data: discountsData,
  }),
  page(paths.addDiscount, 'Ajouter un discount', () => import('./routes/add-discount.tsx'), {
    ...signedIn,
    data: addDiscountData,
  }),
  page(paths.journal, 'Journal', () => import('./routes/journal.tsx'), {
    ...signedIn,
    data: journalData,
  }),
  page(paths.myAccount, 'Mon compte', () => import('./routes/my-account.tsx'), signedIn),
  page(paths.editVideo, 'Modifier la vidéo', () => import('./routes/edit-video.tsx'), {
    ...signedIn,
    data: editVideoData,
  }),
  page(paths.editDiscount, 'Modifier le discount', () => import('./routes/edit-discount.tsx'), {
    ...signedIn,
    data: editDiscountData,
  }),
];

const routeOf = (pathname: string) => PAGES.find(({ path }) => matchRoute(path, pathname));

/** The name in the browser tab of the page at `pathname` (none for an unknown path). */
export function pageTitleOf(pathname: string): string | undefined {
  return routeOf(pathname)?.title;
}

/** Fetches the code of the page at `pathname`; settles once it is there, or failed. */
export async function preloadPage(pathname: string): Promise<void> {
  await routeOf(pathname)?.Page.preload();
}

/**
 * Starts, before React draws anything, what the page at `location` asks for first: the session
 * check and the page's code side by side, then the page's first data as soon as the session is
 * known, rather than each waiting for the one before (docs/decisions/022-page-start.md). The data
 * waits for the session so that a signed-out visitor is not refused (a 401 in the console); the
 * check, preloaded with the HTML, is usually back before the entry script has run. Settles once
 * the session and the data have (the server draws the page then: src/prerender-entry.tsx).
 */
export async function startPage(location: { pathname: string; search: string }, queryClient: QueryClient) {
  const route = routeOf(location.pathname);
  void route?.Page.preload();
  await queryClient.prefetchQuery(sessionQuery);
  const session = queryClient.getQueryData(sessionQuery.queryKey);
  if (!session || !route?.data) return;
  const routeParams = matchRoute(route.path, location.pathname) ?? {};
  await route.data(queryClient, new URLSearchParams(location.search), session.user, routeParams);
}

/**
 * Starts each page's code and first data as soon as the app moves to it, side by side, rather than
 * the data once the code has arrived and drawn the page; and the code of a link's page as soon as
 * the link is pointed at, touched or focused (docs/decisions/046-pages-started-ahead.md).
 */
export function navigationPreparation(queryClient: QueryClient): NavigationPreparation {
  return {
    intent: (pathname) => void preloadPage(pathname),
    moving: (location) => void startPage(location, queryClient),
  };
}

/** Whether the server draws the page at `pathname` for a signed-in visitor. */
export function drawnSignedIn(pathname: string): boolean {
  return routeOf(pathname)?.drawn === true;
}

/**
 * The page of the current path inside the layout; any other path goes to the landing page. A
 * page that fails shows the error screen in the layout, a layout that fails shows it alone.
 */
export function AppRouter() {
  const location = useLocation();
  const route = routeOf(location.pathname);
  // The page's code downloads while the session is checked, not after (idempotent).
  void route?.Page.preload();
  const fallback = (error: unknown) => <RouteError error={error} />;
  let content = route ? <route.Page /> : <Redirect to={paths.landing} />;
  if (route?.signedIn) content = <RequireSignedIn>{content}</RequireSignedIn>;
  return (
    <ErrorBoundary resetKey={location.key} fallback={fallback}>
      <AppLayout title={route?.title}>
        <ErrorBoundary resetKey={location.key} fallback={fallback}>
          {content}
        </ErrorBoundary>
      </AppLayout>
    </ErrorBoundary>
  );
}
