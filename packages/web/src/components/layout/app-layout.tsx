import { Suspense, useMemo, useRef, type ReactNode } from 'react';
import { useSessionKeeper } from '../../lib/auth.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
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
  // A page drawn before the app's code runs: its buttons ignore clicks until that code can answer
  // them (styles/layout.css).
  const hydrated = useHydrated();
  // The same element while the page stays the same: the layout's render once the app runs (above)
  // then leaves a page drawn before the code to be taken over in slices, rather than forcing it
  // all at once (docs/decisions/045-pages-taken-over-in-slices.md).
  const page = useMemo(() => <Suspense fallback={<Loading />}>{children}</Suspense>, [children]);
  return (
    <div className="app" data-hydrated={hydrated || undefined}>
      <a className="skip-link" href="#main">
        Aller au contenu
      </a>
      <Navbar />
      <main ref={main} id="main" className="main" tabIndex={-1}>
        {page}
      </main>
      <Footer />
    </div>
  );
}
