import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { formatCalendarDay, parisCalendarDay } from '@coulisses/domain/rules/discount-dates';
import { CSV_BOM, csvRow } from './csv.ts';

/** Rows read per query: memory stays at one page, whatever the number of rows exported. */
export const EXPORT_PAGE_SIZE = 1000;

export interface KeysetCsv<Row> {
  header: readonly string[];
  /** The page of rows after `after` (the cursor of the previous page's last row), in list order. */
  readPage: (after: string | undefined, limit: number) => Promise<Row[]>;
  cursorOf: (row: Row) => string;
  cellsOf: (row: Row) => string[];
}

async function* csvChunks<Row>({ header, readPage, cursorOf, cellsOf }: KeysetCsv<Row>) {
  yield CSV_BOM + csvRow(header);
  let after: string | undefined;
  for (;;) {
    const rows = await readPage(after, EXPORT_PAGE_SIZE);
    if (rows.length > 0) yield rows.map((row) => csvRow(cellsOf(row))).join('');
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_PAGE_SIZE) return;
    after = cursorOf(last);
  }
}

/**
 * The CSV of a keyset-paged list as a byte stream: the next page is read only when the reader has
 * taken the previous one, so a slow download holds a page or two, never the whole list.
 */
export function keysetCsvStream<Row>(csv: KeysetCsv<Row>): Readable {
  return Readable.from(csvChunks(csv), { objectMode: false });
}

/**
 * Sends a keyset-paged list as a CSV download named `<name>-AAAA-MM-JJ.csv` (the French day). The
 * next page is read only when the client has taken the previous one, so a slow download holds
 * one page, never the whole list.
 */
export function sendCsv<Row>(reply: FastifyReply, name: string, csv: KeysetCsv<Row>) {
  const day = formatCalendarDay(parisCalendarDay(Date.now()));
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
    .send(keysetCsvStream(csv));
}
