import { describe, expect, it } from 'vitest';
import { LATEST_VIDEOS_CAP } from '../constants/limits.ts';
import { appendLatest } from './latest-list.ts';

const ids = (count: number) => Array.from({ length: count }, (_, i) => `v${i + 1}`);

describe(appendLatest.name, () => {
  it('appends at the end while under the cap', () => {
    expect(appendLatest([], 'a')).toEqual(['a']);
    expect(appendLatest(['a', 'b'], 'c')).toEqual(['a', 'b', 'c']);
    expect(appendLatest(ids(LATEST_VIDEOS_CAP - 1), 'new')).toHaveLength(LATEST_VIDEOS_CAP);
  });

  it('drops the oldest first when the list already holds the cap', () => {
    const full = ids(LATEST_VIDEOS_CAP);
    expect(appendLatest(full, 'new')).toEqual([...full.slice(1), 'new']);
  });

  it('brings an over-full list back to the cap, keeping the newest', () => {
    const over = ids(LATEST_VIDEOS_CAP + 3);
    const result = appendLatest(over, 'new');
    expect(result).toHaveLength(LATEST_VIDEOS_CAP);
    expect(result).toEqual([...over.slice(-(LATEST_VIDEOS_CAP - 1)), 'new']);
  });

  it('keeps each id once', () => {
    expect(appendLatest(['a', 'b', 'c'], 'a')).toEqual(['b', 'c', 'a']);
  });

  it('keeps exactly the newest cap ids over many appends', () => {
    let list: string[] = [];
    for (const id of ids(30)) list = appendLatest(list, id);
    expect(list).toEqual(ids(30).slice(-LATEST_VIDEOS_CAP));
  });
});
