import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { navigationPreparation, preloadPage, startPage } from './app/router.tsx';
import { prepareNavigationsWith } from './lib/router.tsx';
import { startSignedOut } from './lib/auth.tsx';
import { takeOverPageState } from './lib/page-state.ts';
import { createQueryClient } from './lib/query-client.ts';
// Later sheets override earlier ones: this order is the cascade.
import './styles/base.css';
import './styles/layout.css';
import './styles/buttons.css';
import './styles/forms.css';
import './styles/pages.css';
import './styles/lists.css';
import './styles/phone-preview.css';
import './styles/features.css';
import './styles/long-tables.css';
import './styles/featured.css';
import './styles/comments.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const queryClient = createQueryClient();
prepareNavigationsWith(navigationPreparation(queryClient));
if (root.hasChildNodes()) {
  // A page drawn before the app's code ran: by the build, signed out, which the server sends only
  // to a visitor without a session cookie (docs/decisions/020-prerendered-pages.md), or by the
  // server for a signed-in visitor, with the data it was drawn with
  // (docs/decisions/027-signed-in-pages-drawn-by-the-server.md). React takes it over as it is,
  // once the page's code is in. Taken over while that code is still on its way, the page would be
  // drawn anew when the layout renders again, losing what the visitor has typed.
  if (!takeOverPageState(queryClient)) startSignedOut(queryClient);
  void preloadPage(window.location.pathname).then(() => hydrateRoot(root, <App queryClient={queryClient} />));
} else {
  void startPage(window.location, queryClient);
  // As a transition, the first render runs in slices that let the browser paint and respond
  // between them, rather than as one long task.
  startTransition(() => createRoot(root).render(<App queryClient={queryClient} />));
}
