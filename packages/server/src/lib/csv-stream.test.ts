import { describe, expect, it } from 'vitest';
import { loopTurns } from '../../test/loop-turns.ts';
import { EXPORT_PAGE_SIZE, keysetCsvStream } from './csv-stream.ts';

/** A list of `total` numbered names read page by page, recording each page asked for. */
function numberedList(total: number) {
  const names = Array.from({ length: total }, (_, index) => `nom-${String(index).padStart(6, '0')}`);
  const asked: (string | undefined)[] = [];
  const csv = {
    header: ['Nom', 'Rang'],
    readPage: async (after: string | undefined, limit: number) => {
      asked.push(after);
      const start = after === undefined ? 0 : names.indexOf(after) + 1;
      return names.slice(start, start + limit);
    },
    cursorOf: (name: string) => name,
    cellsOf: (name: string) => [name, name.slice(4)],
  };
  return { csv, asked };
}

async function textOf(stream: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

describe(keysetCsvStream.name, () => {
  it('writes the BOM, the header, then every row, each page after the last row of the one before', async () => {
    const { csv, asked } = numberedList(2 * EXPORT_PAGE_SIZE + 1);
    const lines = (await textOf(keysetCsvStream(csv))).split('\r\n');
    expect(lines[0]).toBe('\uFEFFNom;Rang');
    expect(lines.slice(1, 3)).toEqual(['nom-000000;000000', 'nom-000001;000001']);
    expect(lines).toHaveLength(2 * EXPORT_PAGE_SIZE + 3);
    expect(asked).toEqual([undefined, 'nom-000999', 'nom-001999']);
  });

  it('asks once more after a full last page, and only the header for an empty list', async () => {
    const full = numberedList(EXPORT_PAGE_SIZE);
    await textOf(keysetCsvStream(full.csv));
    expect(full.asked).toEqual([undefined, 'nom-000999']);
    const empty = numberedList(0);
    expect(await textOf(keysetCsvStream(empty.csv))).toBe('\uFEFFNom;Rang\r\n');
    expect(empty.asked).toEqual([undefined]);
  });

  it('gives the event loop a turn between two pages, so other requests are answered meanwhile', async () => {
    const { csv } = numberedList(3 * EXPORT_PAGE_SIZE);
    const turns = loopTurns();
    const turnOfPage: number[] = [];
    const readPage = csv.readPage;
    csv.readPage = async (after, limit) => {
      turnOfPage.push(turns.turn);
      return readPage(after, limit);
    };
    await textOf(keysetCsvStream(csv));
    turns.stop();
    expect(turnOfPage).toHaveLength(4);
    for (let page = 1; page < turnOfPage.length; page += 1) {
      expect(turnOfPage[page]).toBeGreaterThan(turnOfPage[page - 1]!);
    }
  });

  it('reads a page only when the reader wants more: a reader that stops early leaves the rest unread', async () => {
    const { csv, asked } = numberedList(50 * EXPORT_PAGE_SIZE);
    const stream = keysetCsvStream(csv);
    const first = await stream[Symbol.asyncIterator]().next();
    expect(String(first.value)).toContain('Nom;Rang');
    stream.destroy();
    expect(asked.length).toBeLessThanOrEqual(3);
  });
});
