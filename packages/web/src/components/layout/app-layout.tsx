import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useSessionKeeper } from '../../lib/auth.tsx';
import { Loading } from '../ui/loading.tsx';
import { Footer } from './footer.tsx';
import { Navbar } from './navbar.tsx';

/** Header and footer on every page (spec section 2). */
export function AppLayout() {
  useSessionKeeper();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Aller au contenu
      </a>
      <Navbar />
      <main id="main" className="main" tabIndex={-1}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
