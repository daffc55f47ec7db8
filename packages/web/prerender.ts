import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';

/** Where the server looks for prerendered pages (packages/server/src/plugins/web-app.ts). */
const PRERENDERED_DIR = 'prerendered';
/**
 * Where the server finds the code that draws signed-in pages and the page it draws them in
 * (packages/server/src/plugins/web-app.ts), never served itself.
 */
export const PAGE_SERVER_DIR = 'page-server';
const ENTRY = 'src/prerender-entry.tsx';
/** The script of a prerendered page, which loads the app's once the page is painted. */
const BOOT = 'src/boot.ts';
/** The tags that load the app's code in the built index.html. */
const APP_CODE = /\n\s*(<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>)/g;
/** The style sheet of the built index.html. */
const STYLESHEET = /<link rel="stylesheet"[^>]*>/;
/** The session check index.html starts with the page (src/lib/auth.tsx): a prerendered page is signed out. */
const SESSION_PRELOAD = /\n\s*<link rel="preload" as="fetch" href="\/api\/auth\/me"[^>]*>/;

interface PrerenderEntry {
  renderPage: (pathname: string) => Promise<{ html: string; title: string }>;
}

/** Replaced by a function: a `$&` in a page is text, not a replacement pattern. */
const put = (page: string, slot: string | RegExp, content: string) => page.replace(slot, () => content);

/** '/' is written to index.html, '/login' to login.html. */
const fileOf = (pathname: string) => (pathname === '/' ? 'index.html' : `${pathname.slice(1)}.html`);

/**
 * src/boot.ts bundled alone, for the build to write into each page drawn before the app's code: the
 * page's pictures and its code then wait on no file but the page. Shared with the app's bundle, it
 * waited for its own file and for a chunk of the app's. The server allows it by its hash
 * (packages/server/src/plugins/web-app.ts).
 */
async function bootScript(root: string): Promise<string> {
  const built = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    build: {
      write: false,
      minify: true,
      lib: { entry: path.resolve(root, BOOT), formats: ['iife'], name: 'boot' },
    },
  });
  const outputs = Array.isArray(built) ? built : [built];
  const chunk = outputs
    .flatMap((result) => ('output' in result ? result.output : []))
    .find((file) => file.type === 'chunk');
  if (!chunk) throw new Error(`${BOOT} was not built`);
  const code = chunk.code.trim();
  if (code.toLowerCase().includes('</script')) throw new Error(`${BOOT} would end its own <script> tag`);
  return code;
}

/**
 * Writes `dist/prerendered/<page>.html` for each of `paths`: the built index.html with the page as
 * a signed-out visitor first sees it inside #root and its title, and the tags of the app's code
 * held in a template that src/boot.ts empties once the page is painted. The page then shows as soon
 * as the HTML and the style sheet are in, its code following (docs/decisions/020-prerendered-pages.md).
 * The pages are drawn by a server build of src/prerender-entry.tsx, kept in `dist/page-server/`
 * with the same page, #root empty (`shell.html`), for the server to draw signed-in pages in
 * (docs/decisions/027-signed-in-pages-drawn-by-the-server.md).
 */
export function prerender(paths: string[]): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'coulisses-prerender',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // writeBundle, not closeBundle: the pages must be there when precompress() runs in closeBundle.
    async writeBundle() {
      const boot = await bootScript(root);
      // Beside dist, not in it: the build empties dist before writeBundle, then precompresses it.
      const serverDir = fs.mkdtempSync(path.join(path.dirname(outDir), '.page-server-'));
      try {
        await build({
          configFile: false,
          root,
          logLevel: 'warn',
          plugins: [react()],
          // Dependencies bundled in: the server loads the folder from dist, where Node finds no
          // node_modules once the app is deployed without them.
          ssr: { noExternal: true },
          // The favicon and the like are the browser build's.
          publicDir: false,
          build: {
            ssr: ENTRY,
            outDir: serverDir,
            emptyOutDir: false,
            rollupOptions: { output: { entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' } },
          },
        });
        const entryUrl = pathToFileURL(path.join(serverDir, `${path.parse(ENTRY).name}.mjs`)).href;
        const { renderPage } = (await import(entryUrl)) as PrerenderEntry;
        const built = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
        const appCode = [...built.matchAll(APP_CODE)].map(([, tag]) => tag).join('');
        if (!appCode.includes('<script') || !built.includes('<div id="root"></div>')) {
          throw new Error('index.html lost its module script or its empty <div id="root"></div>');
        }
        const head = `    <template id="app-code">${appCode}</template>\n  </head>`;
        const withoutCode = put(put(put(built, APP_CODE, ''), SESSION_PRELOAD, ''), '  </head>', head);
        if (!STYLESHEET.test(withoutCode)) throw new Error('index.html lost its style sheet');
        // Before the style sheet, which holds a script written after it until it has arrived.
        const shell = withoutCode.replace(STYLESHEET, (tag) => `<script>${boot}</script>\n    ${tag}`);
        const drawn: [string, string][] = [];
        for (const pathname of paths) {
          const { html, title } = await renderPage(pathname);
          const page = put(
            put(shell, /<title>[^<]*<\/title>/, `<title>${title}</title>`),
            '<div id="root"></div>',
            `<div id="root">${html}</div>`,
          );
          drawn.push([fileOf(pathname), page]);
        }
        fs.writeFileSync(path.join(serverDir, 'shell.html'), shell);
        // All drawn before any is written: a failed build leaves no folder that looks finished
        // (scripts/build-if-stale.ts).
        fs.renameSync(serverDir, path.join(outDir, PAGE_SERVER_DIR));
        fs.mkdirSync(path.join(outDir, PRERENDERED_DIR));
        for (const [file, page] of drawn) fs.writeFileSync(path.join(outDir, PRERENDERED_DIR, file), page);
      } finally {
        fs.rmSync(serverDir, { recursive: true, force: true });
      }
    },
  };
}
