import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { prerender } from 'react-dom/static';
import { App } from './app/app.tsx';
import { drawnSignedIn, pageTitleOf, preloadPage, startPage } from './app/router.tsx';
import { documentTitle } from './components/layout/page-change.ts';
import { sendRequestsThrough, type Transport } from './lib/api-client.ts';
import { sessionKeys, startSignedOut } from './lib/auth.tsx';
import { PAGE_STATE_ID } from './lib/page-state.ts';
import { createQueryClient } from './lib/query-client.ts';

/** The markup of #root at `address` (`/path?query`), whole once every lazily loaded part is in. */
async function drawRoot(queryClient: QueryClient, address: string): Promise<string> {
  // Never a boundary's content apart, revealed by an inline script: the CSP runs none
  // (packages/server/src/plugins/security.ts).
  const { prelude } = await prerender(<App queryClient={queryClient} prerenderPath={address} />, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  return new Response(prelude).text();
}

/**
 * The page at `pathname` as a signed-out visitor first sees it, drawn by the build (prerender.ts):
 * the markup of #root, whole once every lazily loaded part is in, and the tab's title.
 */
export async function renderPage(pathname: string): Promise<{ html: string; title: string }> {
  const queryClient = createQueryClient();
  startSignedOut(queryClient);
  // A page draws its loading state until its code is in (lib/lazy-route.tsx): the code comes first.
  await preloadPage(pathname);
  const html = await drawRoot(queryClient, pathname);
  queryClient.clear();
  return { html, title: documentTitle(pageTitleOf(pathname)) };
}

/** The transport of the page being drawn: each request the server draws a page for has its own. */
const requestsOfPage = new AsyncLocalStorage<Transport>();
sendRequestsThrough((request) => {
  const transport = requestsOfPage.getStore();
  if (!transport) throw new Error('A request left outside of drawSignedInPage');
  return transport(request);
});

/** JSON inside a <script> element: no `<` may close it or open a comment. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The whole HTML of the page at `address` (`/path?query`) as its signed-in visitor first sees it,
 * drawn by the server in `shell` (the built page, its #root empty), or null when the server does
 * not draw it: a page without first data, nobody signed in, or a request that failed, which the
 * browser then shows as usual. `transport` answers the page's requests as the API would answer
 * the visitor's browser. The data drawn goes with the page (#page-state), for the app to take
 * the page over without asking again (docs/decisions/027-signed-in-pages-drawn-by-the-server.md).
 */
export async function drawSignedInPage(shell: string, address: string, transport: Transport) {
  const location = new URL(address, 'http://page.invalid');
  if (!drawnSignedIn(location.pathname)) return null;
  const queryClient = createQueryClient();
  try {
    await requestsOfPage.run(transport, () => startPage(location, queryClient));
    const failed = queryClient
      .getQueryCache()
      .findAll({ predicate: (query) => query.state.status === 'error' });
    if (!queryClient.getQueryData(sessionKeys.current) || failed.length > 0) return null;
    await preloadPage(location.pathname);
    const root = await drawRoot(queryClient, `${location.pathname}${location.search}`);
    const state = `<script type="application/json" id="${PAGE_STATE_ID}">${scriptSafeJson(dehydrate(queryClient))}</script>`;
    // Replaced by functions: a `$&` in a video's title is text, not a replacement pattern.
    return shell
      .replace(
        /<title>[^<]*<\/title>/,
        () => `<title>${documentTitle(pageTitleOf(location.pathname))}</title>`,
      )
      .replace('<div id="root"></div>', () => `<div id="root">${root}</div>${state}`);
  } finally {
    queryClient.clear();
  }
}
