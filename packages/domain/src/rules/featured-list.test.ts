import { describe, expect, it } from 'vitest';
import { FEATURED_VIDEOS_MAX } from '../constants/limits.ts';
import { moveInList, toggleFeatured } from './featured-list.ts';

const ids = (count: number) => Array.from({ length: count }, (_, i) => `v${i + 1}`);

describe(toggleFeatured.name, () => {
  it('puts a new video at the front', () => {
    expect(toggleFeatured(['a', 'b'], 'c')).toEqual({ list: ['c', 'a', 'b'], featured: true });
    expect(toggleFeatured([], 'a')).toEqual({ list: ['a'], featured: true });
  });

  it('removes a video already featured, wherever it is', () => {
    expect(toggleFeatured(['a', 'b', 'c'], 'b')).toEqual({ list: ['a', 'c'], featured: false });
    expect(toggleFeatured(['a'], 'a')).toEqual({ list: [], featured: false });
  });

  it('drops the last entry when the list would exceed the maximum', () => {
    const full = ids(FEATURED_VIDEOS_MAX);
    const { list, featured } = toggleFeatured(full, 'new');
    expect(featured).toBe(true);
    expect(list).toHaveLength(FEATURED_VIDEOS_MAX);
    expect(list[0]).toBe('new');
    expect(list).not.toContain(full.at(-1));
    expect(list.slice(1)).toEqual(full.slice(0, -1));
  });

  it('keeps a list under the maximum whole', () => {
    const nine = ids(FEATURED_VIDEOS_MAX - 1);
    expect(toggleFeatured(nine, 'new').list).toEqual(['new', ...nine]);
  });

  it('does not change the list it is given', () => {
    const list = ['a', 'b'];
    toggleFeatured(list, 'c');
    toggleFeatured(list, 'a');
    expect(list).toEqual(['a', 'b']);
  });
});

describe(moveInList.name, () => {
  it('moves a video up, down, to the front and to the end', () => {
    expect(moveInList(['a', 'b', 'c', 'd'], 'c', 1)).toEqual(['a', 'c', 'b', 'd']);
    expect(moveInList(['a', 'b', 'c', 'd'], 'b', 2)).toEqual(['a', 'c', 'b', 'd']);
    expect(moveInList(['a', 'b', 'c', 'd'], 'd', 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveInList(['a', 'b', 'c', 'd'], 'a', 3)).toEqual(['b', 'c', 'd', 'a']);
  });

  it('keeps the list as it is when the video stays in its place', () => {
    expect(moveInList(['a', 'b', 'c'], 'b', 1)).toEqual(['a', 'b', 'c']);
  });

  it('takes a place past the end as the end', () => {
    expect(moveInList(['a', 'b', 'c'], 'a', 9)).toEqual(['b', 'c', 'a']);
  });

  it('answers null for a video no longer in the list', () => {
    expect(moveInList(['a', 'b'], 'z', 0)).toBeNull();
  });
});
