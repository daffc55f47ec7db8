import { describe, expect, it } from 'vitest';
import { FEATURED_VIDEOS_MAX } from '../constants/limits.ts';
import { toggleFeatured } from './featured-list.ts';

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
