import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { seedCreator, seedDiscount, seedVideo, setList } from '../public/seed.ts';

const PUBLIC_URL = 'https://coulisses.exemple.fr';

// Trusting the local proxy as well, so X-Forwarded-Host is honoured wherever Fastify honours it.
let t: TestApp;
let urls: string[];
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL, TRUST_PROXY: 'loopback' });
  const creator = await seedCreator(t);
  const video = await seedVideo(t, creator.id, 'Une vidéo publiée');
  await setList(t, 'featured_videos', [video]);
  await setList(t, 'latest_videos', [video]);
  await seedDiscount(t, 'Une promo en cours', { startInDays: -1, endInDays: 3 });
  const ids: Record<string, string> = { creators: creator.id, videos: video };
  const paths = Object.entries(t.app.swagger().paths ?? {})
    .filter(([path, item]) => path.startsWith('/api/public/') && item?.get)
    .map(([path]) => path);
  urls = paths.map((path) => path.replace(/\/(\w+)\/\{id\}/, (_, list: string) => `/${list}/${ids[list]}`));
});
afterAll(async () => {
  await t.close();
});

describe('a forged Host in a publicly cacheable answer', () => {
  it('covers every public read, the pages with an id included', () => {
    expect(urls).toEqual(
      expect.arrayContaining(['/api/public/videos', '/api/public/discounts', '/api/public/featured-videos']),
    );
    expect(urls.filter((url) => /\{|undefined/.test(url))).toEqual([]);
  });

  it.each([
    { host: 'evil.test' },
    { host: 'evil.test', 'x-forwarded-host': 'evil.test', 'x-forwarded-proto': 'http' },
  ])('never comes back, image links start with PUBLIC_URL (%j)', async (headers) => {
    let images = 0;
    for (const url of urls) {
      const response = await t.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain('evil.test');
      for (const link of response.body.match(/https?:\/\/[^"]+\.jpg/g) ?? []) {
        expect(link.startsWith(`${PUBLIC_URL}/`), link).toBe(true);
        images += 1;
      }
    }
    expect(images).toBeGreaterThan(0);
  });
});
