import { describe, expect, it } from 'vitest';
import { formatCount, formatCountOf, formatFileSize } from './number-format.ts';

describe(formatCount.name, () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1 000'],
    [1234, '1 234'],
    [12345, '12 345'],
    [123456, '123 456'],
    [1234567, '1 234 567'],
    [1_000_000_000, '1 000 000 000'],
    [9_007_199_254_740_991, '9 007 199 254 740 991'],
  ])('writes %d as %s', (value, expected) => {
    expect(formatCount(value)).toBe(expected);
  });

  it('separates thousands with plain spaces, never a non-breaking or narrow one', () => {
    expect(formatCount(1234567)).toMatch(/^[\d ]+$/);
  });

  it('rounds to a whole number: no decimals', () => {
    expect(formatCount(1234.4)).toBe('1 234');
    expect(formatCount(1234567.8)).toBe('1 234 568');
    expect(formatCount(0.4)).toBe('0');
  });

  it('keeps the sign of a negative count', () => {
    expect(formatCount(-1234)).toBe('-1 234');
  });

  it('shows 0 for what is not a number', () => {
    expect(formatCount(Number.NaN)).toBe('0');
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('0');
  });
});

describe(formatCountOf.name, () => {
  it.each([
    [0, '0 vue'],
    [1, '1 vue'],
    [2, '2 vues'],
    [1234, '1 234 vues'],
  ])('%d → %s', (value, expected) => {
    expect(formatCountOf(value, 'vue', 'vues')).toBe(expected);
  });
});

describe(formatFileSize.name, () => {
  it.each([
    [200, '1 Ko'],
    [512_000, '500 Ko'],
    [1024 * 1024, '1 Mo'],
    [2_516_582, '2,4 Mo'],
    [15 * 1024 * 1024, '15 Mo'],
  ])('%d bytes → %s', (bytes, expected) => {
    expect(formatFileSize(bytes)).toBe(expected);
  });
});
