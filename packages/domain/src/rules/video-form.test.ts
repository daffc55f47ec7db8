import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { videoFormProblem, videoFormProblems, type VideoForm } from './video-form.ts';

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

describe(videoFormProblems.name, () => {
  it('names every missing field and a bad link at once, missing ones first', () => {
    const problems = videoFormProblems({
      title: '',
      link: 'https://exemple.fr',
      categories: [],
      hasHorizontal: false,
      hasVertical: true,
    });
    expect(problems).toEqual([
      { field: 'title', message: MESSAGES.videoFieldsMissing },
      { field: 'categories', message: MESSAGES.videoFieldsMissing },
      { field: 'horizontal', message: MESSAGES.videoFieldsMissing },
      { field: 'link', message: MESSAGES.invalidYoutubeUrl },
    ]);
  });

  it('finds nothing in a complete form', () => {
    expect(videoFormProblems(complete)).toEqual([]);
  });
});
