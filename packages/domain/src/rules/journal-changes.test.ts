import { describe, expect, it } from 'vitest';
import { changedFields } from './journal-changes.ts';

describe('changedFields', () => {
  it('keeps only what changed, with before and after', () => {
    expect(
      changedFields(
        { title: 'Avant', link: 'https://a.fr', code: '' },
        { title: 'Après', link: 'https://a.fr', code: 'PROMO' },
      ),
    ).toEqual({ title: { before: 'Avant', after: 'Après' }, code: { before: '', after: 'PROMO' } });
  });

  it('compares lists as sets, and ignores fields left out', () => {
    expect(changedFields({ categories: ['a', 'b'], title: 'T' }, { categories: ['b', 'a'] })).toEqual({});
    expect(changedFields({ categories: ['a'] }, { categories: ['a', 'c'] })).toEqual({
      categories: { before: ['a'], after: ['a', 'c'] },
    });
  });

  it('tells a flag turned', () => {
    expect(changedFields({ is_active: true }, { is_active: false })).toEqual({
      is_active: { before: true, after: false },
    });
  });
});
