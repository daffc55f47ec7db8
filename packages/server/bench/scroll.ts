import fs from 'node:fs';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_PATH, OFFLINE_FLAGS } from '../test/chromium.ts';
import { ensureWebBuild, startSeededServer, VIDEOS } from './lighthouse.ts';
import type { Row } from './results.ts';

const VIEWPORTS = [
  { name: 'ordinateur', width: 1280, height: 800 },
  { name: 'téléphone', width: 375, height: 740 },
];

/** Loads every page of 'Mes vidéos' with 'Charger plus', as a person scrolling to the end would. */
async function loadAllCards(page: Page) {
  const cards = page.locator('.card-grid > li');
  const more = page.getByRole('button', { name: 'Charger plus' });
  while ((await cards.count()) < VIDEOS) {
    const before = await cards.count();
    await more.click();
    await cards.nth(before).waitFor();
  }
  return cards.count();
}

// A string: this package is type-checked without the DOM library. It scrolls from the top to the
// bottom at a finger's pace (24 px a frame) and times every frame, watching for layout shifts and
// for the main thread's tasks over 50 ms.
const SCROLL_THROUGH = `new Promise((resolve) => {
  window.scrollTo(0, 0);
  let shift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) shift += entry.value;
  }).observe({ type: 'layout-shift', buffered: false });
  const longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: false });
  const frames = [];
  let last = performance.now();
  const step = (now) => {
    frames.push(now - last);
    last = now;
    const bottom = document.documentElement.scrollHeight - window.innerHeight;
    if (window.scrollY >= bottom - 1) {
      const images = [...document.querySelectorAll('.card-grid img')];
      resolve({ frames, shift, longTasks, height: document.documentElement.scrollHeight, images: images.length,
        loaded: images.filter((image) => image.complete && image.naturalWidth > 0).length });
      return;
    }
    window.scrollBy(0, 24);
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
})`;

const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

/**
 * Scrolls 1,000 loaded cards of 'Mes vidéos' in the system Chromium (headless, no GPU), on a
 * desktop and on a phone viewport, and times each frame: how smooth the list stays once it is long.
 */
export async function benchScroll(): Promise<Row[]> {
  ensureWebBuild();
  const { dataDir, server, cookie } = await startSeededServer('coulisses-scroll-');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: OFFLINE_FLAGS });
  const rows: Row[] = [];
  try {
    for (const viewport of VIEWPORTS) {
      const context = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
        extraHTTPHeaders: { cookie },
      });
      const page = await context.newPage();
      // YouTube is out of reach here: every card shows its stored image, as when YouTube fails.
      await page.route('https://i.ytimg.com/**', (route) => route.abort('failed'));
      await page.goto(`${server.base}/videos`);
      await page.locator('.card-grid > li').first().waitFor();
      const cards = await loadAllCards(page);
      const result = await page.evaluate<{
        frames: number[];
        shift: number;
        longTasks: number[];
        height: number;
        images: number;
        loaded: number;
      }>(SCROLL_THROUGH);
      const frames = result.frames.slice(1).sort((a, b) => a - b);
      rows.push({
        écran: `${viewport.name} (${viewport.width} px)`,
        cartes: cards,
        'hauteur (px)': Math.round(result.height),
        images: `${result.loaded} chargées sur ${result.images}`,
        trames: frames.length,
        'trame p50': `${quantile(frames, 0.5).toFixed(1)} ms`,
        'trame p95': `${quantile(frames, 0.95).toFixed(1)} ms`,
        'trame max': `${(frames.at(-1) ?? NaN).toFixed(1)} ms`,
        'trames > 50 ms': frames.filter((frame) => frame > 50).length,
        'tâches > 50 ms': result.longTasks.length,
        'tâche max': `${Math.max(0, ...result.longTasks).toFixed(0)} ms`,
        'décalage (CLS)': result.shift.toFixed(3),
      });
      await context.close();
    }
  } finally {
    await browser.close();
    server.child.kill('SIGTERM');
    await server.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}
