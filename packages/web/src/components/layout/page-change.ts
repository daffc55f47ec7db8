import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from '../../lib/router.tsx';

/** The name of the page in the browser's tab, 'Mes vidéos · Coulisses'. */
export function documentTitle(title: string | undefined): string {
  return title ? `${title} · Coulisses` : 'Coulisses';
}

/** The tab shows the page's title. */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

/**
 * After a navigation, focus goes to the new page's main heading, so a screen reader announces the
 * page and Tab starts from its top; a page still loading gets it once its heading shows. The first
 * load leaves focus where the browser put it.
 */
export function useHeadingFocus(main: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  useEffect(() => {
    const container = main.current;
    if (shownPath.current === pathname || !container) return;
    shownPath.current = pathname;
    const focusHeading = () => {
      const heading = container.querySelector('h1');
      if (!heading) return false;
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(container, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [pathname, main]);
}
