// How a long term is cut into trigrams for SQLite's trigram index, and which of them to ask it
// for (docs/decisions/014-search-indexes.md): pure rules, used by db/search-index.ts.

/** The trigrams that tile the term end to end from its start, leaving out its last one or two characters. */
export function disjointTiles(chars: readonly string[]): string[] {
  const tiles: string[] = [];
  for (let start = 0; start + 3 <= chars.length; start += 3)
    tiles.push(chars.slice(start, start + 3).join(''));
  return tiles;
}

/** A tile of a term, and the word its middle character is in: a run of letters, or of digits. */
export interface Tile {
  trigram: string;
  word: number;
}

// Constants: the server's build writes a regular expression with a Unicode property inside a
// function as `new RegExp(…)`, made again at every call.
const LETTER = /\p{L}/u;
const DIGIT = /\p{N}/u;

/** Each character's word: runs of letters and runs of digits are numbered, any other is alone. */
function wordsOf(chars: readonly string[]): number[] {
  const kinds = chars.map((char) => (LETTER.test(char) ? 'letter' : DIGIT.test(char) ? 'digit' : undefined));
  let word = 0;
  return kinds.map((kind, index) => {
    if (!kind) return -1 - index;
    if (index > 0 && kinds[index - 1] !== kind) word += 1;
    return word;
  });
}

/**
 * The trigrams that tile the term end to end, the last one ending with it: every row holding the
 * term holds them all. FTS5 reads the whole list of rows of each trigram a query names; the term
 * as one phrase names all its overlapping trigrams, three times as many, most of them in thousands
 * of rows. On the demo catalogue a whole discount title took 1.8 ms as a phrase, 0.6 ms by its
 * tiles, for the same 46 rows.
 */
export function tilingTrigrams(chars: readonly string[]): Tile[] {
  const words = wordsOf(chars);
  const starts: number[] = [];
  for (let start = 0; start + 3 <= chars.length; start += 3) starts.push(start);
  if (chars.length % 3 !== 0) starts.push(chars.length - 3);
  const tiles = new Map<string, Tile>();
  for (const start of starts) {
    const trigram = chars.slice(start, start + 3).join('');
    if (!tiles.has(trigram)) tiles.set(trigram, { trigram, word: words[start + 1]! });
  }
  return [...tiles.values()];
}

/**
 * A long term is asked by at most this many of its tiles. Past a few, each tile narrows the rows
 * little more and costs as much as the first, FTS5 reading its rows at each step of the `AND`:
 * 150 discount titles of the demo took 0.22 ms on average by all their tiles, 0.09 ms by eight of
 * them spread over the title, for 154 rows instead of 150 (videos: 0.19 and 0.10 ms, 4.3 rows a
 * title instead of 2.7).
 */
export const MOST_TILES = 8;

/** `count` of the items, the first, the last and the rest evenly between (all when they are fewer). */
export function spreadOut<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  return Array.from(
    { length: count },
    (_, index) => items[Math.round((index * (items.length - 1)) / (count - 1))]!,
  );
}

/**
 * Tiles are asked until fewer rows than this are expected to hold them all, each word's taken as
 * if independent of the others'. On 200 video titles of the demo, asking until under one row was
 * expected found 94 rows on average, each then read and tested, in twice the time of eight tiles
 * spread over the title; asking until under a thousandth found 13, in the same time as the eight.
 */
const EXPECTED_ROWS = 0.001;

/**
 * The counted tiles a long term is asked by, at most: past four, on 200 values of the demo, the
 * index's match took longer than testing the few more rows it would have left out. An e-mail's
 * column asks fewer (`mostTiles` of db/search-index.ts).
 */
const MOST_RAREST_TILES = 4;

/**
 * The tiles to ask, rarest first, from the rows each was in when last counted (see
 * db/trigram-counts.ts), until EXPECTED_ROWS or MOST_RAREST_TILES, one tile a word: the tiles of a
 * word go together (`ann` and `ecy` are both in the rows of Annecy), and a second one narrowed
 * nothing but cost its read. A tile not counted was in no row then, so it comes first, and alone.
 * Measured alone on 200 values of each column of the demo, the index's match: video titles 108 µs
 * and 7.1 rows by the rarest tiles taken as independent, up to eight, 75 µs and 4.9 rows one a
 * word; discount titles 27 and 23 µs; e-mails 82 and 79 µs. `indexRows` is the index's last row
 * number when counted, about the rows it held; `most`, the tiles asked at most.
 */
export function rarestTiles(
  tiles: readonly Tile[],
  rowsOf: ReadonlyMap<string, number>,
  indexRows: number,
  most = MOST_RAREST_TILES,
): string[] {
  const rowsOfTile = ({ trigram }: Tile) => rowsOf.get(trigram) ?? 0;
  const byRows = [...tiles].sort((a, b) => rowsOfTile(a) - rowsOfTile(b));
  const asked: string[] = [];
  const words = new Set<number>();
  let expected = indexRows;
  for (const tile of byRows) {
    if (words.has(tile.word)) continue;
    words.add(tile.word);
    asked.push(tile.trigram);
    expected *= rowsOfTile(tile) / indexRows;
    if (expected < EXPECTED_ROWS || asked.length === most) break;
  }
  return asked;
}
