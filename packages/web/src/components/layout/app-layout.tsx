import { Suspense, useRef, type ReactNode } from 'react';
import { useSessionKeeper } from '../../lib/auth.tsx';
import { Loading } from '../ui/loading.tsx';
import { Footer } from './footer.tsx';
import { Navbar } from './navbar.tsx';
import { useDocumentTitle, useHeadingFocus } from './page-change.ts';

/** Header and footer on every page (spec section 2). */
export function AppLayout({ title, children }: { title: string | undefined; children: ReactNode }) {
  useSessionKeeper();
  useDocumentTitle(title);
  const main = useRef<HTMLElement>(null);
  useHeadingFocus(main);
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Aller au contenu
      </a>
      <Navbar />
      <main ref={main} id="main" className="main" tabIndex={-1}>
        <Suspense fallback={<Loading />}>{children}</Suspense>
      </main>
      <Footer />
    </div>
  );
}
