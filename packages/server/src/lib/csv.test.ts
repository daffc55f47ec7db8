import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvRow, yesNo } from './csv.ts';

describe(csvCell.name, () => {
  it.each([
    ['plain@exemple.fr', 'plain@exemple.fr'],
    ['', ''],
    ['Zoé, Chloé', 'Zoé, Chloé'],
    ['Dupont; fils', '"Dupont; fils"'],
    ['Le "vrai" nom', '"Le ""vrai"" nom"'],
    ['deux\nlignes', '"deux\nlignes"'],
    ['retour\r\nchariot', '"retour\r\nchariot"'],
  ])('writes %j as %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+33 6 12', "'+33 6 12"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcaché', "'\tcaché"],
    ['\rcaché', `"'\rcaché"`],
  ])('keeps the would-be formula %j as text: %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('leaves a formula sign that is not the first character alone', () => {
    expect(csvCell('a=b+c-d@e')).toBe('a=b+c-d@e');
  });
});

describe(csvRow.name, () => {
  it('joins cells with ; and ends the line with CRLF', () => {
    expect(csvRow(['E-mail', 'Créateur', 'Superadmin'])).toBe('E-mail;Créateur;Superadmin\r\n');
  });

  it('quotes and guards each cell', () => {
    expect(csvRow(['a;b', '=1', 'c'])).toBe(`"a;b";'=1;c\r\n`);
  });
});

describe('the rest of the format', () => {
  it('starts a file with the UTF-8 byte order mark', () => {
    expect(Buffer.from(CSV_BOM, 'utf8')).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it('writes flags as oui or non', () => {
    expect([yesNo(true), yesNo(false)]).toEqual(['oui', 'non']);
  });
});
