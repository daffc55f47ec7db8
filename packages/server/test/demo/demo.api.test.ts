import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parisCalendarDay } from '@coulisses/domain/rules/discount-dates';
import { quoted } from '@coulisses/domain/rules/quoted';
import { countRows, tablesWithData } from '../../src/db/copy-tables.ts';
import { isPostgres } from '../../src/db/dialect.ts';
import { SEARCH_INDEXES } from '../../src/db/search-index.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { runCli } from '../maintenance/run-cli.ts';
import { searchIndexPieces } from '../search-index-pieces.ts';

/*
 * `npm run cli -- demo` at its default size, in its own process on the test app's database and
 * storage, then looked at the way the app and the back-office see it.
 */

let t: TestApp;
let demo: Awaited<ReturnType<typeof runCli>>;
let password: string;

beforeAll(async () => {
  t = await buildTestApp();
  demo = await runCli(t, ['demo']);
  password = /mot de passe : (\S+)/.exec(demo.stdout)?.[1] ?? '';
}, 120_000);
afterAll(async () => {
  await t.close();
});

interface Item {
  id: string;
  hor_img_url: string;
  ver_img_url: string;
}

async function get<T>(url: string, cookie?: string): Promise<T> {
  const response = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json<T>();
}

/** Every item of a keyset-paged list. */
async function allPages<T>(url: string, cookie?: string): Promise<T[]> {
  const items: T[] = [];
  let after: string | null = null;
  do {
    const separator = url.includes('?') ? '&' : '?';
    const page: { items: T[]; nextCursor: string | null } = await get(
      after ? `${url}${separator}after=${encodeURIComponent(after)}` : url,
      cookie,
    );
    items.push(...page.items);
    after = page.nextCursor;
  } while (after);
  return items;
}

async function signIn(email: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  });
  expect(response.statusCode, response.body).toBe(200);
  const cookie = response.cookies.find((c) => c.name === 'coulisses_session')!;
  return `coulisses_session=${cookie.value}`;
}

/** Fetches an image by the URL an answer gave (absolute for the app, /files/... for the back-office). */
async function fetchImage(url: string) {
  const response = await t.app.inject({ method: 'GET', url: new URL(url, 'http://x').pathname });
  expect(response.statusCode, url).toBe(200);
  expect(response.headers['content-type']).toBe('image/jpeg');
  const { format, width, height } = await sharp(response.rawPayload).metadata();
  return { format, width, height };
}

describe('npm run cli -- demo', () => {
  it('prints its progress in French and how to sign in', () => {
    expect(demo.code, demo.stderr).toBe(0);
    expect(demo.stdout).toContain('Vidéos : 60 / 60');
    expect(demo.stdout).toContain('Discounts : 12 / 12');
    expect(demo.stdout).toContain('Abonnés : 40 / 40');
    expect(demo.stdout).toMatch(/superadmin\s+: admin@coulisses\.local/);
    expect(demo.stdout).toMatch(/créateur\s+: createur@coulisses\.local/);
    expect(password.length).toBeGreaterThanOrEqual(16);
  });

  it('shows the app every video, ten featured and the eleven latest', async () => {
    const videos = await allPages<Item>('/api/public/videos');
    expect(new Set(videos.map((video) => video.id)).size).toBe(60);
    const { items: featured } = await get<{ items: Item[] }>('/api/public/featured-videos');
    const { items: latest } = await get<{ items: Item[] }>('/api/public/latest-videos');
    expect(featured).toHaveLength(10);
    expect(latest).toHaveLength(11);
    const ids = new Set(videos.map((video) => video.id));
    expect([...featured, ...latest].every((video) => ids.has(video.id))).toBe(true);
  });

  it('puts a few French comments under the videos, counted in the app', async () => {
    const videos = await allPages<Item & { comment_count: number }>('/api/public/videos');
    const commented = videos.filter((video) => video.comment_count > 0);
    expect(commented.length).toBeGreaterThan(videos.length / 2);
    const thread = await get<{ items: { text: string; author: { pseudonym: string } }[] }>(
      `/api/public/videos/${commented[0]!.id}/comments`,
    );
    expect(thread.items).toHaveLength(commented[0]!.comment_count);
    expect(thread.items[0]!.author.pseudonym).not.toBe('');
    expect(demo.stdout).toMatch(/Commentaires : \d+/);
  });

  it('serves JPEGs of the upload sizes for videos, pages and discounts', async () => {
    const [video] = (await get<{ items: Item[] }>('/api/public/latest-videos')).items;
    expect(await fetchImage(video!.hor_img_url)).toEqual({ format: 'jpeg', width: 900, height: 600 });
    expect(await fetchImage(video!.ver_img_url)).toEqual({ format: 'jpeg', width: 600, height: 900 });
    const [creator] = (await get<{ items: Item[] }>('/api/public/creators')).items;
    expect(await fetchImage(creator!.ver_img_url)).toMatchObject({ width: 600, height: 900 });
    const [discount] = (await get<{ items: { image_url: string }[] }>('/api/public/discounts')).items;
    expect(await fetchImage(discount!.image_url)).toMatchObject({ width: 900, height: 600 });
  });

  it('publishes every creator page, complete, with its videos', async () => {
    const creators = await allPages<Record<string, string>>('/api/public/creators');
    expect(creators).toHaveLength(8);
    for (const creator of creators) {
      for (const field of ['title', 'bio', 'hor_img_url', 'ver_img_url', 'home_video_url', 'instagram_url']) {
        expect(creator[field], field).not.toBe('');
      }
      expect((await get<Record<string, string>>(`/api/public/creators/${creator.id}`)).title).toBe(
        creator.title,
      );
      expect(
        (await get<{ items: Item[] }>(`/api/public/videos?creator=${creator.id}`)).items.length,
      ).toBeGreaterThan(0);
    }
  });

  it('holds running and past discounts with categories, codes and links', async () => {
    const admin = await signIn('admin@coulisses.local');
    const discounts = await allPages<{
      start_date: number;
      end_date: number;
      categories: string[];
      code: string;
      link: string;
    }>('/api/discounts', admin);
    expect(discounts).toHaveLength(12);
    const today = parisCalendarDay(Date.now());
    const running = discounts.filter(
      (discount) => discount.start_date <= today && today <= discount.end_date,
    );
    expect(running.length).toBeGreaterThan(0);
    expect(discounts.filter((discount) => discount.end_date < today).length).toBeGreaterThan(0);
    expect(
      discounts.every((discount) => discount.categories.length > 0 && /^https:\/\//.test(discount.link)),
    ).toBe(true);
    expect(discounts.some((discount) => discount.code !== '')).toBe(true);
    expect(await allPages('/api/public/discounts')).toHaveLength(running.length);
  });

  it('lets the newcomer sign in as superadmin and as creator, with counters on the dashboard', async () => {
    const admin = await signIn('admin@coulisses.local');
    const stats = await get<{ own: { videos: number; views: number }; platform: Record<string, number> }>(
      '/api/stats/dashboard',
      admin,
    );
    expect(stats.own.videos).toBeGreaterThan(0);
    expect(stats.own.views).toBeGreaterThan(0);
    expect(stats.platform).toMatchObject({ users: 48, videos: 60, discounts: 12 });
    expect(stats.platform.views).toBeGreaterThan(0);
    expect(stats.platform.clicks).toBeGreaterThan(0);
    const subscribers = (await allPages<{ is_creator: boolean }>('/api/users', admin)).filter(
      (user) => !user.is_creator,
    );
    expect(subscribers).toHaveLength(40);

    const creator = await signIn('createur@coulisses.local');
    expect((await get<{ items: Item[] }>('/api/videos/mine', creator)).items.length).toBeGreaterThan(0);
  });

  it('keeps an image other videos share when one of them is deleted', async () => {
    const admin = await signIn('admin@coulisses.local');
    const videos = await allPages<Item>('/api/public/videos');
    const [deleted, kept] = videos.filter((video) => video.hor_img_url === videos[0]!.hor_img_url);
    expect(kept).toBeDefined();
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/videos/${deleted!.id}`,
      headers: { cookie: admin },
    });
    expect(response.statusCode).toBe(204);
    expect(await fetchImage(kept!.hor_img_url)).toMatchObject({ format: 'jpeg' });
  });

  it('leaves each search index in one piece, as a search reads it fastest', async (context) => {
    if (isPostgres(t.db)) context.skip();
    for (const searched of Object.values(SEARCH_INDEXES)) {
      expect(await searchIndexPieces(t.db, searched), searched.table).toBe(1);
    }
  });

  it('leaves PostgreSQL vacuumed and analysed, without waiting for autovacuum', async (context) => {
    if (!isPostgres(t.db)) context.skip();
    const { rows } = await sql<{ relname: string }>`
      select relname from pg_stat_user_tables
      where relname in ('videos', 'users', 'discounts', 'comments')
        and last_analyze is not null and last_vacuum is not null
      order by relname`.execute(t.db);
    expect(rows.map((row) => row.relname)).toEqual(['comments', 'discounts', 'users', 'videos']);
  });

  it('refuses a database that holds data, naming what is there, and changes nothing', async () => {
    const rows = await countRows(t.db);
    const files = await storedKeys(t);
    const again = await runCli(t, ['demo', '--videos', '5']);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain('La base contient déjà des données (users, creators, video_categories');
    expect(again.stderr).toContain('Rien n’a été modifié.');
    expect(await countRows(t.db)).toEqual(rows);
    expect(await storedKeys(t)).toEqual(files);
  });
});

async function storedKeys({ storage }: TestApp): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of storage.list()) keys.push(key);
  return keys.sort();
}

describe('npm run cli -- demo with a wrong size', () => {
  let empty: TestApp;
  beforeAll(async () => {
    empty = await buildTestApp();
  });
  afterAll(async () => {
    await empty.close();
  });

  it.each([
    [
      ['--videos', 'beaucoup'],
      `--videos doit être un nombre entier entre 0 et 1 000 000 (reçu : ${quoted('beaucoup')}).`,
    ],
    [
      ['--subscribers=-3'],
      `--subscribers doit être un nombre entier entre 0 et 1 000 000 (reçu : ${quoted('-3')}).`,
    ],
    [
      ['--discounts', '2000000'],
      `--discounts doit être un nombre entier entre 0 et 1 000 000 (reçu : ${quoted('2000000')}).`,
    ],
  ])('refuses %j in French and writes nothing', async (flags, message) => {
    // A fresh DATA_DIR on SQLite: not even the schema may appear in it.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coulisses-demo-'));
    try {
      const result = await runCli({ dataDir, env: empty.env }, ['demo', ...flags]);
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(message);
      expect(fs.readdirSync(dataDir)).toEqual([]);
      expect(await tablesWithData(empty.db)).toEqual([]);
      expect(await storedKeys(empty)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
