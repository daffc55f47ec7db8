import { describe, expect, it } from 'vitest';
import { quoted } from './quoted.ts';

describe(quoted.name, () => {
  it.each([
    ['Vélo', '«\u202FVélo\u202F»'],
    ['À jeter 12', '«\u202FÀ jeter 12\u202F»'],
    ['', '«\u202F\u202F»'],
  ])('puts %j between guillemets, a narrow no-break space inside each', (text, expected) => {
    expect(quoted(text)).toBe(expected);
  });

  it('leaves the spaces of the term as they are: a long title still wraps between its words', () => {
    expect(quoted('Tarte aux pommes').split(' ')).toEqual(['«\u202FTarte', 'aux', 'pommes\u202F»']);
  });
});
