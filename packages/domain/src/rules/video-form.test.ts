import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { videoFormProblem, type VideoForm } from './video-form.ts';

const complete: VideoForm = {
  title: 'Ma vidéo',
  link: 'https://youtu.be/dQw4w9WgXcQ',
  categories: ['c1'],
  hasHorizontal: true,
  hasVertical: true,
};

describe(videoFormProblem.name, () => {
  it('accepts a complete form', () => {
    expect(videoFormProblem(complete)).toBeNull();
  });

  it.each([
    ['title', { title: '  ' }],
    ['link', { link: '' }],
    ['categories', { categories: [] }],
    ['horizontal', { hasHorizontal: false }],
    ['vertical', { hasVertical: false }],
  ])('names the missing %s with the spec message', (field, change) => {
    expect(videoFormProblem({ ...complete, ...change })).toEqual({
      message: MESSAGES.videoFieldsMissing,
      field,
    });
  });

  it('reports something missing before a bad link, as the spec checks them', () => {
    expect(videoFormProblem({ ...complete, link: 'https://vimeo.com/1', categories: [] })?.message).toBe(
      MESSAGES.videoFieldsMissing,
    );
    expect(videoFormProblem({ ...complete, link: 'https://vimeo.com/1' })).toEqual({
      message: MESSAGES.invalidYoutubeUrl,
      field: 'link',
    });
  });
});
