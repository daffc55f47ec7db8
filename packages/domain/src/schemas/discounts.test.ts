import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { DiscountCreateSchema, isHttpLink } from './discounts.ts';

const valid = {
  title: '  -20 % chez Café Lumière ',
  link: 'https://cafe-lumiere.fr/offre?ref=coulisses',
  code: ' COULISSES20 ',
  start_date: '2026-06-01',
  end_date: '2026-06-30',
  categories: ['cat-1'],
};

const firstMessage = (input: unknown) => {
  const result = DiscountCreateSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('DiscountCreateSchema', () => {
  it('trims the texts and turns the days into epoch ms at 00:00 UTC', () => {
    expect(DiscountCreateSchema.parse(valid)).toEqual({
      title: '-20 % chez Café Lumière',
      link: 'https://cafe-lumiere.fr/offre?ref=coulisses',
      code: 'COULISSES20',
      start_date: Date.UTC(2026, 5, 1),
      end_date: Date.UTC(2026, 5, 30),
      categories: ['cat-1'],
    });
  });

  it('refuses a field the form does not have', () => {
    expect(DiscountCreateSchema.safeParse({ ...valid, views: '1000' }).success).toBe(false);
  });

  it('stores a blank or absent code as an empty string', () => {
    expect(DiscountCreateSchema.parse({ ...valid, code: '   ' }).code).toBe('');
    expect(DiscountCreateSchema.parse({ ...valid, code: undefined }).code).toBe('');
  });

  it('takes one category as a lone multipart value and drops duplicates', () => {
    expect(DiscountCreateSchema.parse({ ...valid, categories: 'cat-2' }).categories).toEqual(['cat-2']);
    expect(DiscountCreateSchema.parse({ ...valid, categories: ['a', 'b', 'a'] }).categories).toEqual([
      'a',
      'b',
    ]);
  });

  it.each([
    ['title', { title: '  ' }],
    ['link', { link: '' }],
    ['start date', { start_date: '' }],
    ['end date', { end_date: undefined }],
    ['categories', { categories: [] }],
    ['categories', { categories: undefined }],
  ])('asks for every field when the %s is missing', (_name, change) => {
    expect(firstMessage({ ...valid, ...change })).toBe(MESSAGES.discountFieldsMissing);
  });

  it.each(['ftp://exemple.fr', 'javascript:alert(1)', 'exemple.fr', 'https://', 'http:// espace.fr'])(
    'refuses the link %j',
    (link) => {
      expect(firstMessage({ ...valid, link })).toBe(MESSAGES.invalidHttpLink);
    },
  );

  it('refuses an end date before the start date, on the end date', () => {
    const result = DiscountCreateSchema.safeParse({
      ...valid,
      start_date: '2026-06-10',
      end_date: '2026-06-09',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ message: MESSAGES.endBeforeStart, path: ['end_date'] }),
    ]);
  });

  it('allows a discount of a single day', () => {
    expect(DiscountCreateSchema.safeParse({ ...valid, end_date: valid.start_date }).success).toBe(true);
  });

  it('refuses a day that does not exist', () => {
    expect(firstMessage({ ...valid, start_date: '2026-02-30' })).toBe(MESSAGES.invalidDate);
  });
});

describe(isHttpLink.name, () => {
  it.each(['http://exemple.fr', 'https://exemple.fr/a/b?c=d#e', 'HTTPS://EXEMPLE.FR'])(
    'accepts %s',
    (link) => {
      expect(isHttpLink(link)).toBe(true);
    },
  );
});
