import { describe, expect, it } from 'vitest';
import { searchKey, searchTerm } from './text-search.ts';

describe(searchKey.name, () => {
  it('ignores case and accents', () => {
    expect(searchKey('Été')).toBe('ete');
    expect(searchKey('ÇA VA À NOËL')).toBe('ca va a noel');
    expect(searchKey('Éte')).toBe(searchKey('été'));
  });

  it('matches a decomposed accent like a composed one', () => {
    expect(searchKey('e\u0301te\u0301')).toBe(searchKey('\u00e9t\u00e9'));
  });

  it('folds runs of spaces, tabs and new lines into one space and trims the ends', () => {
    expect(searchKey('  Vidéo \t du\n\n  jour  ')).toBe('video du jour');
  });

  it('keeps digits and punctuation', () => {
    expect(searchKey("L'épisode n°2 !")).toBe("l'episode n°2 !");
  });

  it('gives an empty key for blank text', () => {
    expect(searchKey('   ')).toBe('');
    expect(searchKey('')).toBe('');
  });
});

describe(searchTerm.name, () => {
  it('gives the search key of a query', () => {
    expect(searchTerm('  Été ')).toBe('ete');
  });

  it('gives nothing to look for when the query is absent, empty or blank', () => {
    expect(searchTerm(undefined)).toBeUndefined();
    expect(searchTerm('')).toBeUndefined();
    expect(searchTerm('  \t ')).toBeUndefined();
  });
});
