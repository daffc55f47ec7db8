import { watchThumbnails } from './thumbnail-fallback.ts';

/**
 * The script of a page drawn before the app's code runs, by the build (prerender.ts) or by the
 * server for a signed-in visitor (prerender-entry.tsx). The page is already drawn by its HTML
 * and style sheet; the app's code, which only makes it respond, waits in <template id="app-code">
 * until the page is on screen, so that it does not slow the style sheet down on a slow connection
 * (docs/decisions/020-prerendered-pages.md). Copied out of the template, its tags load as usual.
 * Written into the page's head, it runs before the rest of the page is read.
 */
watchThumbnails();

let started = false;
const start = () => {
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', start, { once: true });
    return;
  }
  const code = document.getElementById('app-code');
  if (started || !(code instanceof HTMLTemplateElement)) return;
  started = true;
  document.head.append(code.content.cloneNode(true));
};

// A hidden tab paints nothing until shown, and a browser may not report its paints: no waiting then.
if (document.visibilityState === 'hidden' || !PerformanceObserver.supportedEntryTypes.includes('paint')) {
  start();
} else {
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
  // Hidden before its first paint, the page will report none.
  document.addEventListener('visibilitychange', start, { once: true });
}
