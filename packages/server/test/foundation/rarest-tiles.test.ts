import { describe, expect, it } from 'vitest';
import { rarestTiles } from '../../src/db/search-index.ts';

// Which tiles of a long term SQLite's trigram index is asked for, once its trigrams are counted
// (db/search-index.ts).

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
    expect(rarestTiles(['jea', 'nne', '.ma', 'rti', 'n42'], rowsOf, 100_000)).toEqual(['n42', 'rti', '.ma']);
  });

  it('asks a tile no row held when counted first, and alone', () => {
    expect(rarestTiles(['jea', 'zq9', 'n42'], rowsOf, 100_000)).toEqual(['zq9']);
  });

  it('asks at most eight tiles, however common they are', () => {
    const tiles = Array.from({ length: 10 }, (_, index) => `t${index}x`);
    const everywhere = new Map(tiles.map((tile) => [tile, 1000]));
    expect(rarestTiles(tiles, everywhere, 1000)).toHaveLength(8);
  });
});
