import { prerender } from 'react-dom/static';
import { App } from './app/app.tsx';
import { pageTitleOf, preloadPage } from './app/router.tsx';
import { documentTitle } from './components/layout/page-change.ts';
import { startSignedOut } from './lib/auth.tsx';
import { createQueryClient } from './lib/query-client.ts';

/**
 * The page at `pathname` as a signed-out visitor first sees it, drawn by the build (prerender.ts):
 * the markup of #root, whole once every lazily loaded part is in, and the tab's title.
 */
export async function renderPage(pathname: string): Promise<{ html: string; title: string }> {
  const queryClient = createQueryClient();
  startSignedOut(queryClient);
  // A page draws its loading state until its code is in (lib/lazy-route.tsx): the code comes first.
  await preloadPage(pathname);
  const { prelude } = await prerender(<App queryClient={queryClient} prerenderPath={pathname} />);
  const html = await new Response(prelude).text();
  queryClient.clear();
  return { html, title: documentTitle(pageTitleOf(pathname)) };
}
