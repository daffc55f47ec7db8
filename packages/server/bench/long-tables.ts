import fs from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH, OFFLINE_FLAGS } from '../test/chromium.ts';
import { signInAs } from '../test/server-process.ts';
import { demoCatalogue } from './catalogue.ts';
import { ensureWebBuild } from './lighthouse.ts';
import type { Row } from './results.ts';
import { startBenchServer } from './servers.ts';
import { summarise } from './stats.ts';

/** The demo's most creators (200, one per 500 videos) and two pages of subscribers (500 a page). */
const CATALOGUE = { videos: 100_000, subscribers: 1000, discounts: 10 };
const VIEWPORTS = [
  { name: 'téléphone', width: 375, height: 740 },
  { name: 'ordinateur', width: 1280, height: 800 },
];
const PAGES = [
  { path: '/users', name: 'abonnés' },
  { path: '/creators', name: 'créateurs' },
];
/** Lighthouse's slowdown for a phone, applied at every width so the two compare. */
const CPU_SLOWDOWN = 4;
const LOADS = 3;
const LONG_TASK_MS = 50;

// A string: this package is type-checked without the DOM library. Every task over 50 ms from the
// page's start, as the browser reports it.
const RECORD_LONG_TASKS = `window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
}).observe({ type: 'longtask', buffered: true });`;

/**
 * Opens the superadmin's longest tables, the subscribers (a page of 500) and the creators, in the
 * system Chromium slowed as a phone is, at a phone's width and a computer's, and reads the main
 * thread's long tasks until the table is drawn and the network idle: what holds a tap or a scroll
 * as the page opens (docs/decisions/049-long-tables-drawn-near-the-screen.md).
 */
export async function benchLongTables(): Promise<Row[]> {
  ensureWebBuild();
  const catalogue = await demoCatalogue(CATALOGUE);
  const server = await startBenchServer(catalogue.dataDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: OFFLINE_FLAGS });
  const rows: Row[] = [];
  try {
    const cookie = await signInAs(server.base, catalogue.superadmin);
    for (const viewport of VIEWPORTS) {
      for (const { path, name } of PAGES) {
        const longest: number[] = [];
        const blocking: number[] = [];
        let count = 0;
        for (let load = 0; load < LOADS; load += 1) {
          const context = await browser.newContext({
            viewport: { width: viewport.width, height: viewport.height },
            extraHTTPHeaders: { cookie },
          });
          await context.addInitScript({ content: RECORD_LONG_TASKS });
          const page = await context.newPage();
          const cdp = await context.newCDPSession(page);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
          await page.goto(`${server.base}${path}`);
          // Found by CSS and read before anything else: a query by role computes every row's
          // style and visibility in the page, a long task of its own over 500 rows.
          await page.locator('table tbody tr').nth(1).waitFor({ state: 'attached' });
          await page.waitForLoadState('networkidle');
          const tasks = await page.evaluate<number[]>('window.__longTasks');
          count = await page.evaluate<number>("document.querySelectorAll('table tbody tr').length");
          longest.push(Math.max(0, ...tasks));
          blocking.push(tasks.reduce((sum, task) => sum + Math.max(0, task - LONG_TASK_MS), 0));
          await context.close();
        }
        rows.push({
          écran: `${viewport.name} (${viewport.width} px)`,
          page: `${name} (\`${path}\`)`,
          lignes: count,
          'plus longue tâche (médiane)': `${summarise(longest).p50.toFixed(0)} ms`,
          'plus longues tâches': longest.map((value) => value.toFixed(0)).join(', '),
          'blocage au-delà de 50 ms (médiane)': `${summarise(blocking).p50.toFixed(0)} ms`,
        });
      }
    }
  } finally {
    await browser.close();
    server.child.kill('SIGTERM');
    await server.exited;
    fs.rmSync(catalogue.dataDir, { recursive: true, force: true });
  }
  return rows;
}
