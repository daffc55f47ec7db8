import { describe, expect, it } from 'vitest';
import { VideoFieldsSchema } from './videos.ts';

describe('VideoFieldsSchema', () => {
  it('reads one category as a list and trims the texts', () => {
    expect(VideoFieldsSchema.parse({ title: ' T ', link: ' l ', categories: 'c1' })).toEqual({
      title: 'T',
      link: 'l',
      categories: ['c1'],
    });
    expect(VideoFieldsSchema.parse({})).toEqual({ title: '', link: '', categories: [] });
  });

  it('refuses unknown fields', () => {
    expect(VideoFieldsSchema.safeParse({ title: 'T', extra: 'x' }).success).toBe(false);
  });
});
