import { describe, expect, it } from 'vitest';
import { withNoBreakSpaces } from './no-break-spaces.ts';

describe(withNoBreakSpaces.name, () => {
  it.each([
    ['La ratatouille : les bases', 'La ratatouille\u00A0: les bases'],
    ['Prêts ? Partez !', 'Prêts\u00A0? Partez\u00A0!'],
    ['Un ; deux', 'Un\u00A0; deux'],
    ['-30 % sur les ateliers', '-30\u00A0% sur les ateliers'],
    ['Dès 10 €', 'Dès 10\u00A0€'],
    ['Le « tour » du lac', 'Le «\u00A0tour\u00A0» du lac'],
    ['Trop  : de place', 'Trop\u00A0: de place'],
  ])('keeps the sign of %j with its word', (text, expected) => {
    expect(withNoBreakSpaces(text)).toBe(expected);
  });

  it.each(['Tarte aux pommes', 'https://exemple.fr/a:b', 'Déjà\u00A0: fait', ''])(
    'leaves %j as typed',
    (text) => {
      expect(withNoBreakSpaces(text)).toBe(text);
    },
  );
});
