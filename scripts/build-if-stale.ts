import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer } from '../packages/server/build.ts';

/**
 * `npm start` builds the web app only when its build is missing or older than what it is built
 * from, so a second start serves the existing build at once; it bundles the server every time, in
 * a fraction of a second (packages/server/build.ts).
 */
const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'packages/web/dist');
const sources = [
  'packages/web/src',
  'packages/web/public',
  'packages/web/index.html',
  'packages/web/vite.config.ts',
  'packages/web/precompress.ts',
  'packages/web/prerender.ts',
  'packages/web/package.json',
  'packages/domain/src',
  'package-lock.json',
].map((source) => path.join(root, source));

function newestChange(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(
    stat.mtimeMs,
    ...fs.readdirSync(target).map((entry) => newestChange(path.join(target, entry))),
  );
}

/**
 * When the build was finished, from the pages it writes: index.html, then the prerendered pages,
 * written together at its end (packages/web/prerender.ts); undefined when one of them is missing.
 */
function builtAt(): number | undefined {
  const prerendered = path.join(dist, 'prerendered');
  if (!fs.existsSync(path.join(dist, 'index.html')) || !fs.existsSync(prerendered)) return undefined;
  const pages = fs
    .readdirSync(prerendered)
    .filter((file) => file.endsWith('.html'))
    .map((file) => path.join(prerendered, file));
  if (pages.length === 0) return undefined;
  return Math.min(...[path.join(dist, 'index.html'), ...pages].map((page) => fs.statSync(page).mtimeMs));
}

function webBuildIsCurrent(): boolean {
  const finishedAt = builtAt();
  return finishedAt !== undefined && sources.every((source) => newestChange(source) <= finishedAt);
}

if (webBuildIsCurrent()) {
  console.log('Web app already built and current: packages/web/dist');
} else {
  const build = spawnSync('npm', ['run', 'build', '-w', '@coulisses/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await buildServer();
