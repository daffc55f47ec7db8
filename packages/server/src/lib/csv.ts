/*
 * CSV as a French spreadsheet opens it: a byte order mark so Excel reads UTF-8, ';' between cells
 * (',' is the French decimal mark), CRLF line ends, and quotes per RFC 4180.
 */

/** Excel takes a file without it for Windows-1252 and garbles every accent. */
export const CSV_BOM = '\uFEFF';

const SEPARATOR = ';';
const LINE_END = '\r\n';

/** A spreadsheet runs a cell starting with one of these as a formula (OWASP, CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[;"\r\n]/;

/**
 * One cell: a leading `'` keeps a would-be formula as text, then quotes when the cell holds the
 * separator, a quote or a line break, its quotes doubled.
 * @example csvCell('=1+1') // "'=1+1"
 * @example csvCell('Dupont; fils') // '"Dupont; fils"'
 */
export function csvCell(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line of cells, its line end included. */
export function csvRow(cells: readonly string[]): string {
  return cells.map(csvCell).join(SEPARATOR) + LINE_END;
}

/** 'oui' or 'non', as the back-office's lists show flags. */
export const yesNo = (value: boolean) => (value ? 'oui' : 'non');
