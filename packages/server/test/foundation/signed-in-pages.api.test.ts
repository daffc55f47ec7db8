import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverLogger } from '../../src/lib/request-log.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeSignedIn } from '../factories.ts';
import { seedVideo } from '../public/seed.ts';

/*
 * The server draws /videos for a signed-in visitor with the web app's own code: here its source,
 * which the build bundles into dist/page-server
 * (docs/decisions/027-signed-in-pages-drawn-by-the-server.md).
 */
const WEB_ENTRY = path.resolve(import.meta.dirname, '../../../web/src/prerender-entry.tsx');
const SHELL =
  '<!doctype html><html><head><title>Coulisses</title></head><body><div id="root"></div></body></html>';

/** A built web app whose page server is `entry` (the text of dist/page-server/prerender-entry.mjs). */
function webBuild(entry: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coulisses-web-'));
  fs.mkdirSync(path.join(dir, 'page-server'));
  fs.writeFileSync(path.join(dir, 'index.html'), SHELL);
  fs.writeFileSync(path.join(dir, 'page-server', 'shell.html'), SHELL);
  fs.writeFileSync(path.join(dir, 'page-server', 'prerender-entry.mjs'), entry);
  return dir;
}

const webDir = webBuild(`export { drawSignedInPage } from ${JSON.stringify(pathToFileURL(WEB_ENTRY).href)};`);
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ WEB_DIST_DIR: webDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const get = (app: TestApp, url: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url, headers });

/** The data sent with a drawn page, by query key. */
function pageState(html: string): Map<string, unknown> {
  const json = /<script type="application\/json" id="page-state">(.*?)<\/script>/s.exec(html)?.[1];
  if (!json) throw new Error('the page carries no #page-state');
  const { queries } = JSON.parse(json) as { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
  return new Map(queries.map(({ queryKey, state }) => [JSON.stringify(queryKey), state.data]));
}

describe('/videos, drawn for its signed-in visitor', () => {
  it("draws the creator's own videos, with the data drawn, and lets no cache keep it", async () => {
    const creator = await makeSignedIn(t);
    const someoneElse = await makeSignedIn(t);
    await seedVideo(t, creator.id, 'Randonnée au lac');
    await seedVideo(t, creator.id, 'Pique-nique en forêt');
    await seedVideo(t, someoneElse.id, 'La vidéo d’un autre');

    const response = await get(t, '/videos', { cookie: creator.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers.vary).toMatch(/cookie/i);
    const html = response.body;
    expect(html).toContain('<title>Mes vidéos · Coulisses</title>');
    expect(html).toContain('<h1>Mes vidéos</h1>');
    expect(html).toContain('<h2 class="media-card-title">Randonnée au lac</h2>');
    expect(html).toContain('<h2 class="media-card-title">Pique-nique en forêt</h2>');
    expect(html).not.toContain('La vidéo d’un autre');

    const state = pageState(html);
    expect(state.get('["session"]')).toMatchObject({ user: { id: creator.id, email: creator.email } });
    const list = state.get('["videos","mine",""]') as { pages: { items: { title: string }[] }[] };
    expect(list.pages[0]!.items.map(({ title }) => title).toSorted()).toEqual([
      'Pique-nique en forêt',
      'Randonnée au lac',
    ]);
    expect(state.has('["categories","video"]')).toBe(true);
  });

  it('draws the search of the address', async () => {
    const creator = await makeSignedIn(t);
    await seedVideo(t, creator.id, 'Crêpes de la Chandeleur');
    await seedVideo(t, creator.id, 'Galettes bretonnes');

    const html = (await get(t, '/videos?q=CREPES', { cookie: creator.cookie })).body;
    expect(html).toContain('Crêpes de la Chandeleur');
    expect(html).not.toContain('Galettes bretonnes');
    expect(html).toMatch(/<input [^>]*name="q"[^>]*value="CREPES"/);
    expect(pageState(html).has('["videos","mine","CREPES"]')).toBe(true);
  });

  it('keeps markup in a title as text, in the page and in the data sent with it', async () => {
    const creator = await makeSignedIn(t);
    const title = '</script><script>alert(1)</script> $& <!--';
    await seedVideo(t, creator.id, title);

    const html = (await get(t, '/videos', { cookie: creator.cookie })).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; $&amp; &lt;!--');
    const list = pageState(html).get('["videos","mine",""]') as { pages: { items: { title: string }[] }[] };
    expect(list.pages[0]!.items[0]!.title).toBe(title);
  });

  it('sends the page compressed to a browser that accepts brotli', async () => {
    const creator = await makeSignedIn(t);
    await seedVideo(t, creator.id, 'Une vidéo compressée');
    const plain = await get(t, '/videos', { cookie: creator.cookie });
    const response = await get(t, '/videos', { cookie: creator.cookie, 'accept-encoding': 'gzip, br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/cookie/i);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    const html = zlib.brotliDecompressSync(response.rawPayload).toString();
    expect(html).toContain('Une vidéo compressée');
    expect(html.length).toBe(plain.body.length);
  });

  it('sends index.html, for the browser to draw, when nobody is signed in or the page has no first data', async () => {
    const creator = await makeSignedIn(t);
    for (const [url, cookie] of [
      ['/videos', undefined],
      ['/videos', 'coulisses_session=fini'],
      ['/dashboard', creator.cookie],
      ['/comments', creator.cookie],
    ] as const) {
      const response = await get(t, url, cookie ? { cookie } : {});
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(SHELL);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('never serves the page server itself', async () => {
    for (const file of ['/page-server/shell.html', '/page-server/prerender-entry.mjs']) {
      expect((await get(t, file)).statusCode, file).toBe(404);
    }
  });
});

describe('a page the server fails to draw', () => {
  const brokenDir = webBuild('export async function drawSignedInPage() { throw new Error("cassé"); }');
  let broken: TestApp;
  beforeAll(async () => {
    broken = await buildTestApp({ WEB_DIST_DIR: brokenDir });
  });
  afterAll(async () => {
    await broken.close();
    fs.rmSync(brokenDir, { recursive: true, force: true });
  });

  it('is sent as index.html, for the browser to draw', async () => {
    const creator = await makeSignedIn(broken);
    const response = await get(broken, '/videos', { cookie: creator.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(SHELL);
  });
});

describe('the log of a page drawn by the server', () => {
  let logged: TestApp;
  let written: string[] = [];
  const requestLines = () =>
    written
      .map(
        (line) =>
          JSON.parse(line) as {
            level: number;
            msg: string;
            reqId?: string;
            page?: string;
            req?: { url: string };
          },
      )
      .filter((line) => line.req !== undefined)
      .map(({ level, msg, reqId, page, req }) => ({ level, msg, reqId, page, url: req!.url }));
  beforeAll(async () => {
    const stream = { write: (line: string) => written.push(line) };
    logged = await buildTestApp({ WEB_DIST_DIR: webDir }, { logger: { ...serverLogger('debug'), stream } });
  });
  afterAll(async () => {
    await logged.close();
  });

  it("writes one line at info for the visitor's request, the page's own API requests at debug beside it", async () => {
    const creator = await makeSignedIn(logged);
    written = [];
    expect((await get(logged, '/videos', { cookie: creator.cookie })).statusCode).toBe(200);
    const lines = requestLines();
    const atInfo = lines.filter(({ level }) => level >= 30);
    expect(atInfo).toEqual([
      { level: 30, msg: 'request completed', reqId: atInfo[0]!.reqId, url: '/videos' },
    ]);
    const pageRequests = lines.filter(({ level }) => level < 30);
    expect(pageRequests.map(({ url }) => url)).toEqual(expect.arrayContaining(['/api/videos/mine']));
    for (const line of pageRequests) {
      expect(line).toMatchObject({ level: 20, msg: 'page request completed', page: atInfo[0]!.reqId });
    }
  });
});
