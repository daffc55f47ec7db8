// ESLint's max-lines holds .ts/.tsx under packages/*/src to 300 lines; this holds the stylesheets
// there to the same (docs/decisions/006-layers-and-modules.md).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const MAX_LINES = 300;
const root = path.resolve(import.meta.dirname, '..');

function* cssFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* cssFiles(full);
    else if (entry.name.endsWith('.css')) yield full;
  }
}

function lineCount(text) {
  return text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

const sources = readdirSync(path.join(root, 'packages'))
  .map((name) => path.join(root, 'packages', name, 'src'))
  .filter((dir) => existsSync(dir));
const tooLong = [];
for (const file of sources.flatMap((dir) => [...cssFiles(dir)])) {
  const lines = lineCount(readFileSync(file, 'utf8'));
  if (lines > MAX_LINES) tooLong.push(`${path.relative(root, file)}: ${lines} lines, at most ${MAX_LINES}`);
}
if (tooLong.length > 0) {
  console.error(tooLong.join('\n'));
  process.exit(1);
}
