import { describe, expect, it } from 'vitest';
import { RememberedTerms } from './remembered-terms.ts';

describe('RememberedTerms', () => {
  it('remembers a term for the kept time, then forgets it', () => {
    const terms = new RememberedTerms(1000, 10);
    terms.add('partie', 5000);
    expect(terms.has('partie', 5000)).toBe(true);
    expect(terms.has('partie', 5999)).toBe(true);
    expect(terms.has('partie', 6000)).toBe(false);
    expect(terms.has('partie', 5500)).toBe(false);
    expect(terms.has('recette', 5000)).toBe(false);
  });

  it('counts the time from the last time a term was remembered', () => {
    const terms = new RememberedTerms(1000, 10);
    terms.add('partie', 0);
    terms.add('partie', 800);
    expect(terms.has('partie', 1500)).toBe(true);
  });

  it('forgets the oldest term first past the most it keeps', () => {
    const terms = new RememberedTerms(1000, 2);
    terms.add('a', 0);
    terms.add('b', 1);
    terms.add('a', 2);
    terms.add('c', 3);
    expect(['a', 'b', 'c'].filter((term) => terms.has(term, 4))).toEqual(['a', 'c']);
  });
});
