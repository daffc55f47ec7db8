import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import {
  blankedOnLivePage,
  missingForPublish,
  publishRefusal,
  type PublishablePage,
} from './page-publish.ts';

const complete: PublishablePage = {
  title: 'Ma page',
  hor_img_url: '/files/creators/u1/a.jpg',
  ver_img_url: '/files/creators/u1/b.jpg',
  home_video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
};

describe(missingForPublish.name, () => {
  it('finds nothing missing on a complete page', () => {
    expect(missingForPublish(complete)).toEqual([]);
  });

  it('lists every empty required field', () => {
    expect(missingForPublish({ title: '', hor_img_url: null, ver_img_url: '', home_video_url: '' })).toEqual([
      'hor_img_url',
      'ver_img_url',
      'title',
      'home_video_url',
    ]);
  });

  it('counts a blank title or video link as missing', () => {
    expect(missingForPublish({ ...complete, title: '   ' })).toEqual(['title']);
    expect(missingForPublish({ ...complete, home_video_url: ' \n' })).toEqual(['home_video_url']);
  });
});

describe(publishRefusal.name, () => {
  it('lets a complete page go live', () => {
    expect(publishRefusal(complete)).toBeNull();
  });

  it.each([
    ['the title', { title: '' }],
    ['the horizontal image', { hor_img_url: null }],
    ['the vertical image', { ver_img_url: '' }],
    ['the featured video', { home_video_url: '' }],
  ])('refuses with the spec message without %s', (_, change) => {
    expect(publishRefusal({ ...complete, ...change })).toBe(MESSAGES.publishFieldsMissing);
  });
});

describe(blankedOnLivePage.name, () => {
  const live = { is_live: true, title: 'Ma page', home_video_url: complete.home_video_url };
  const required = MESSAGES.livePageTextRequired;

  it('keeps a live page from losing its title or featured video, blank counting as empty', () => {
    expect(blankedOnLivePage(live)).toEqual({});
    expect(blankedOnLivePage({ ...live, title: '  ' })).toEqual({ title: required });
    expect(Object.entries(blankedOnLivePage({ ...live, title: '', home_video_url: '' }))).toEqual([
      ['title', required],
      ['home_video_url', required],
    ]);
  });

  it('lets a page that is not live be saved incomplete, as a draft', () => {
    expect(blankedOnLivePage({ is_live: false, title: '', home_video_url: '' })).toEqual({});
  });
});
