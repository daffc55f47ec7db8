import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * `npm start` builds the web app only when its build is missing or older than what it is built
 * from, so a second start serves the existing build at once.
 */
const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'packages/web/dist/index.html');
const sources = [
  'packages/web/src',
  'packages/web/public',
  'packages/web/index.html',
  'packages/web/vite.config.ts',
  'packages/web/precompress.ts',
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

function webBuildIsCurrent(): boolean {
  if (!fs.existsSync(builtIndex)) return false;
  const builtAt = fs.statSync(builtIndex).mtimeMs;
  return sources.every((source) => newestChange(source) <= builtAt);
}

if (webBuildIsCurrent()) {
  console.log('Web app already built and current: packages/web/dist');
} else {
  const build = spawnSync('npm', ['run', 'build', '-w', '@coulisses/web'], { cwd: root, stdio: 'inherit' });
  process.exit(build.status ?? 1);
}
