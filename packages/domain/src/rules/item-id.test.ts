import { describe, expect, it } from 'vitest';
import { ID_MAX_LENGTH } from '../constants/limits.ts';
import { IdSchema } from '../schemas/common.ts';
import { isItemId } from './item-id.ts';

describe(isItemId.name, () => {
  it.each([
    ['', false],
    ['a', true],
    ['K3v9xQ2mLp8w', true],
    ['é'.repeat(ID_MAX_LENGTH), true],
    ['x'.repeat(ID_MAX_LENGTH), true],
    ['x'.repeat(ID_MAX_LENGTH + 1), false],
  ])('takes %j: %s, as the server’s IdSchema does', (value, expected) => {
    expect(isItemId(value)).toBe(expected);
    expect(IdSchema.safeParse(value).success).toBe(expected);
  });
});
