import { describe, expect, it } from 'vitest';
import { FEATURED_VIDEOS_MAX, LATEST_VIDEOS_CAP } from '@coulisses/domain/constants/limits';
import { toggleFeatured } from '@coulisses/domain/rules/featured-list';
import { appendLatest } from '@coulisses/domain/rules/latest-list';
import { quoted } from '@coulisses/domain/rules/quoted';
import { creatorRows } from '../../src/modules/demo/demo-catalogue.ts';
import type { DemoImages } from '../../src/modules/demo/demo-images.ts';
import {
  creatorCount,
  DAY_MS,
  DEFAULT_DEMO_SIZE,
  DEMO_SIZE_MAX,
  DemoError,
  demoSize,
  discountDays,
  discountState,
  featuredIndexes,
  latestIndexes,
  seededRandom,
  shareOut,
  videoTitle,
} from '../../src/modules/demo/demo-plan.ts';
import { VIDEO_THEMES, VIDEO_TITLES } from '../../src/modules/demo/demo-words.ts';

describe(demoSize.name, () => {
  it('takes the defaults for the flags left out', () => {
    expect(demoSize({})).toEqual(DEFAULT_DEMO_SIZE);
    expect(demoSize({ videos: '100000', subscribers: '0' })).toEqual({
      ...DEFAULT_DEMO_SIZE,
      videos: 100_000,
      subscribers: 0,
    });
    expect(demoSize({ discounts: String(DEMO_SIZE_MAX) }).discounts).toBe(DEMO_SIZE_MAX);
  });

  it.each(['abc', '-1', '1.5', '1e3', '', ' 12', '0x10', String(DEMO_SIZE_MAX + 1)])(
    'refuses « %s » in French, naming the flag',
    (raw) => {
      expect(() => demoSize({ videos: raw })).toThrow(DemoError);
      expect(() => demoSize({ videos: raw })).toThrow(
        `--videos doit être un nombre entier entre 0 et 1 000 000 (reçu : ${quoted(raw)}).`,
      );
    },
  );
});

describe(creatorCount.name, () => {
  it('keeps eight creators for a small catalogue and grows to 200', () => {
    expect(creatorCount(0)).toBe(8);
    expect(creatorCount(DEFAULT_DEMO_SIZE.videos)).toBe(8);
    expect(creatorCount(10_000)).toBe(20);
    expect(creatorCount(100_000)).toBe(200);
    expect(creatorCount(DEMO_SIZE_MAX)).toBe(200);
  });
});

describe('the featured and latest lists', () => {
  it.each([0, 1, 5, 10, 11, 60, 1000])('are what the app’s own rules leave, for %i videos', (videos) => {
    // Featuring the picks from the last to the first, as the superadmin would, gives the same list.
    const featured = featuredIndexes(videos);
    let list: string[] = [];
    for (const index of [...featured].reverse()) list = toggleFeatured(list, String(index)).list;
    expect(list).toEqual(featured.map(String));
    expect(featured.length).toBe(Math.min(FEATURED_VIDEOS_MAX, videos));
    expect(featured.every((index) => index >= 0 && index < videos)).toBe(true);

    // Adding every video in creation order leaves the same latest list.
    let latest: string[] = [];
    for (let index = 0; index < videos; index += 1) latest = appendLatest(latest, String(index));
    expect(latestIndexes(videos).map(String)).toEqual(latest);
    expect(latest).toHaveLength(Math.min(LATEST_VIDEOS_CAP, videos));
  });
});

describe(videoTitle.name, () => {
  it('gives every title of a theme once before repeating any, then numbers the rounds', () => {
    for (const [index, theme] of VIDEO_THEMES.entries()) {
      const round = theme.subjects.length * VIDEO_TITLES.length;
      const titles = Array.from({ length: round }, (_, n) => videoTitle(theme, n, index));
      expect(new Set(titles).size).toBe(round);
      expect(titles.every((title) => title[0] === title[0]!.toUpperCase())).toBe(true);
      expect(videoTitle(theme, round, index)).toBe(`${titles[0]} (partie 2)`);
    }
  });
});

describe('discount days', () => {
  const today = Date.UTC(2026, 5, 15);
  const random = seededRandom(1);

  it('puts running ones around today, past ones before it, upcoming ones after it', () => {
    for (let index = 0; index < 600; index += 1) {
      const state = discountState(index);
      const { start_date, end_date } = discountDays(state, today, random);
      expect(start_date).toBeLessThanOrEqual(end_date);
      // Stored calendar days: 00:00 UTC.
      expect([start_date % DAY_MS, end_date % DAY_MS]).toEqual([0, 0]);
      if (state === 'running') expect(start_date <= today && today <= end_date).toBe(true);
      if (state === 'past') expect(end_date).toBeLessThan(today);
      if (state === 'upcoming') expect(start_date).toBeGreaterThan(today);
    }
  });

  it('runs half of them today, a third are over and the rest to come', () => {
    const states = Array.from({ length: 12 }, (_, index) => discountState(index));
    expect(states.filter((state) => state === 'running')).toHaveLength(6);
    expect(states.filter((state) => state === 'past')).toHaveLength(4);
    expect(states.filter((state) => state === 'upcoming')).toHaveLength(2);
  });
});

describe(shareOut.name, () => {
  it('never hands out more than the total, and gives most a share', () => {
    const next = shareOut(10_000, 1000, seededRandom(7));
    const shares = Array.from({ length: 1000 }, next);
    expect(shares.reduce((sum, share) => sum + share, 0)).toBeLessThanOrEqual(10_000);
    expect(shares.filter((share) => share > 0).length).toBeGreaterThan(900);
    expect(shareOut(5, 0, seededRandom(7))()).toBe(0);
  });
});

describe(seededRandom.name, () => {
  it('repeats its sequence for one seed, within [0, 1)', () => {
    const [a, b] = [seededRandom(42), seededRandom(42)];
    const first = Array.from({ length: 100 }, a);
    expect(Array.from({ length: 100 }, b)).toEqual(first);
    expect(first.every((value) => value >= 0 && value < 1)).toBe(true);
  });
});

describe(creatorRows.name, () => {
  it('gives the most creators a demo makes distinct titles and e-mails, all published', () => {
    const key = 'creators/demo/x.jpg';
    const images = { pages: VIDEO_THEMES.map(() => ({ horizontal: key, vertical: key })) } as DemoImages;
    const { users, creators } = creatorRows(
      {
        size: { ...DEFAULT_DEMO_SIZE, videos: DEMO_SIZE_MAX },
        creators: creatorCount(DEMO_SIZE_MAX),
        random: seededRandom(3),
        images,
        now: Date.now(),
        batchSize: 500,
      },
      { signIn: 'connu', nobody: 'inconnu' },
    );
    expect(new Set(creators.map((creator) => creator.title)).size).toBe(200);
    expect(new Set(users.map((user) => user.email)).size).toBe(200);
    expect(creators.every((creator) => creator.is_live === 1 && creator.is_active === 1)).toBe(true);
    expect(users.slice(0, 2).map((user) => [user.email, user.is_superadmin, user.password_hash])).toEqual([
      ['admin@coulisses.local', 1, 'connu'],
      ['createur@coulisses.local', 0, 'connu'],
    ]);
    expect(users.slice(2).every((user) => user.password_hash === 'inconnu' && user.is_superadmin === 0)).toBe(
      true,
    );
  });
});
