import { describe, expect, it } from 'vitest';
import { SEARCH_INDEXES } from '../../src/db/search-index.ts';
import { rarestTiles, tilingTrigrams, type Tile } from '../../src/db/search-tiles.ts';

// Which tiles of a long term SQLite's trigram index is asked for, once its trigrams are counted
// (db/search-tiles.ts).

/** Tiles each of a word of its own. */
const apart = (...trigrams: string[]): Tile[] => trigrams.map((trigram, word) => ({ trigram, word }));

describe('the rarest tiles of a long term', () => {
  const rowsOf = new Map([
    ['jea', 4000],
    ['nne', 5000],
    ['.ma', 300],
    ['rti', 200],
    ['n42', 30],
  ]);

  it('asks the rarest first, until fewer than a thousandth of a row is expected to hold them all', () => {
    // 100,000 rows: 30 hold n42, 30 × 200 / 100,000 = 0.06 n42 and rti, 0.06 × 300 / 100,000 < 0.001.
    expect(rarestTiles(apart('jea', 'nne', '.ma', 'rti', 'n42'), rowsOf, 100_000)).toEqual([
      'n42',
      'rti',
      '.ma',
    ]);
  });

  it('asks a tile no row held when counted first, and alone', () => {
    expect(rarestTiles(apart('jea', 'zq9', 'n42'), rowsOf, 100_000)).toEqual(['zq9']);
  });

  it('asks at most four tiles, however common they are', () => {
    const tiles = apart(...Array.from({ length: 10 }, (_, index) => `t${index}x`));
    const everywhere = new Map(tiles.map(({ trigram }) => [trigram, 1000]));
    expect(rarestTiles(tiles, everywhere, 1000)).toHaveLength(4);
  });

  it('asks one tile of a word, its rarest: the others are in the same rows', () => {
    // Tiles: ann, ecy (one word), " (p" (alone), art, "ie " (one word), 11) (digits, a word).
    const tiles = tilingTrigrams([...'annecy (partie 11)']);
    expect(tiles.map(({ trigram }) => trigram)).toEqual(['ann', 'ecy', ' (p', 'art', 'ie ', '11)']);
    const counts = new Map([
      ['ann', 1042],
      ['ecy', 1042],
      [' (p', 50_000],
      ['art', 20_000],
      ['ie ', 20_000],
      ['11)', 1152],
    ]);
    expect(rarestTiles(tiles, counts, 100_000)).toEqual(['ann', '11)', 'art', ' (p']);
  });

  it('asks an e-mail by two tiles at most: a third costs more than the rows it leaves out', () => {
    // The demo's counts for the tiles of an e-mail up to its « @ »: 100,000 rows, 3 expected after
    // r85 and jad, still above a thousandth, so a title's column would ask our and e.f too.
    const tiles = tilingTrigrams([...'jade.fournier85685@']);
    const counts = new Map([
      ['jad', 2448],
      ['e.f', 100_198],
      ['our', 2619],
      ['nie', 5117],
      ['r85', 124],
      ['685', 300],
      ['85@', 1000],
    ]);
    expect(rarestTiles(tiles, counts, 100_200)).toEqual(['r85', 'jad', 'our', 'e.f']);
    expect(rarestTiles(tiles, counts, 100_200, SEARCH_INDEXES.userEmails.mostTiles)).toEqual(['r85', 'jad']);
  });
});
