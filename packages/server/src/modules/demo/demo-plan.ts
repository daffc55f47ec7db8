import { FEATURED_VIDEOS_MAX, LATEST_VIDEOS_CAP } from '@coulisses/domain/constants/limits';
import { formatCount } from '@coulisses/domain/rules/number-format';
import { quoted } from '@coulisses/domain/rules/quoted';
import { VIDEO_TITLES, type VideoTheme } from './demo-words.ts';

/* The rules of the demo catalogue that need no database: its size, its lists, its titles, its dates. */

export interface DemoSize {
  videos: number;
  discounts: number;
  subscribers: number;
}

/** A newcomer's first look: a few pages of each list, quick to load. */
export const DEFAULT_DEMO_SIZE: DemoSize = { videos: 60, discounts: 12, subscribers: 40 };
/** Beyond this a load takes many minutes: an extra zero typed by mistake is refused, not run. */
export const DEMO_SIZE_MAX = 1_000_000;

export class DemoError extends Error {}

/** The size asked for on the command line (`--videos` and the others as typed), defaults elsewhere. */
export function demoSize(flags: Partial<Record<keyof DemoSize, string>>): DemoSize {
  const size = { ...DEFAULT_DEMO_SIZE };
  for (const name of Object.keys(size) as (keyof DemoSize)[]) {
    const raw = flags[name];
    if (raw === undefined) continue;
    if (!/^\d+$/.test(raw) || Number(raw) > DEMO_SIZE_MAX) {
      throw new DemoError(
        `--${name} doit être un nombre entier entre 0 et ${formatCount(DEMO_SIZE_MAX)} (reçu : ${quoted(raw)}).`,
      );
    }
    size[name] = Number(raw);
  }
  return size;
}

const MIN_CREATORS = 8;
const MAX_CREATORS = 200;
const VIDEOS_PER_CREATOR = 500;

/** Eight creators for a small catalogue, more as it grows, so no page holds an implausible number of videos. */
export function creatorCount(videos: number): number {
  return Math.min(MAX_CREATORS, Math.max(MIN_CREATORS, Math.ceil(videos / VIDEOS_PER_CREATOR)));
}

/** Which videos, by creation order, the featured list holds front first: the maximum, spread over the catalogue. */
export function featuredIndexes(videos: number): number[] {
  const count = Math.min(FEATURED_VIDEOS_MAX, videos);
  return Array.from({ length: count }, (_, k) => Math.floor((k * videos) / count));
}

/**
 * Which videos the latest list holds, oldest first, as adding them one by one would leave it
 * (domain/rules/latest-list.ts): the last ones created, up to the cap.
 */
export function latestIndexes(videos: number): number[] {
  const first = Math.max(0, videos - LATEST_VIDEOS_CAP);
  return Array.from({ length: videos - first }, (_, k) => first + k);
}

/**
 * The title of a theme's n-th video: every subject meets every pattern once before any title comes
 * back, and a title that comes back says which round it is. `offset` turns the patterns, so
 * themes at the same count do not all read alike.
 */
export function videoTitle(theme: VideoTheme, n: number, offset = 0): string {
  const subjects = theme.subjects.length;
  const patterns = VIDEO_TITLES.length;
  const subject = theme.subjects[n % subjects]!;
  // Within a round, each subject takes each pattern once: n = subjects * q + r gives the pair (r, 5r + q).
  const pattern = VIDEO_TITLES[(5 * (n % subjects) + Math.floor(n / subjects) + offset) % patterns]!;
  const title = pattern(subject);
  const round = Math.floor(n / (subjects * patterns));
  const capitalised = title.charAt(0).toUpperCase() + title.slice(1);
  return round === 0 ? capitalised : `${capitalised} (partie ${round + 1})`;
}

export type Random = () => number;

/** A repeatable sequence in [0, 1) (mulberry32): two loads of one size look alike. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** An integer from min to max, both included. */
export function between(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

export type DiscountState = 'running' | 'past' | 'upcoming';

/** Half of the discounts run today, a third are over, the rest start soon. */
const STATES: readonly DiscountState[] = ['running', 'past', 'running', 'upcoming', 'running', 'past'];

export function discountState(index: number): DiscountState {
  return STATES[index % STATES.length]!;
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The first and last day of a discount in `state` on `today` (a stored calendar day, see
 * domain/rules/discount-dates.ts): running ones include today, past ones ended before it, upcoming
 * ones start after it.
 */
export function discountDays(
  state: DiscountState,
  today: number,
  random: Random,
): { start_date: number; end_date: number } {
  const day = (offset: number) => today + offset * DAY_MS;
  switch (state) {
    case 'running':
      return { start_date: day(-between(random, 0, 20)), end_date: day(between(random, 0, 40)) };
    case 'past': {
      const end = -between(random, 1, 120);
      return { start_date: day(end - between(random, 3, 30)), end_date: day(end) };
    }
    case 'upcoming': {
      const start = between(random, 1, 20);
      return { start_date: day(start), end_date: day(start + between(random, 5, 30)) };
    }
  }
}

/**
 * Hands `total` out over `count` calls, about evenly and at random; the sum never exceeds `total`
 * (subscribers' own counters are a part of the platform's).
 */
export function shareOut(total: number, count: number, random: Random): () => number {
  let left = total;
  const mean = count > 0 ? total / count : 0;
  return () => {
    const share = Math.min(left, Math.floor(random() * 1.6 * mean));
    left -= share;
    return share;
  };
}
