import { ValidationError } from './errors.ts';

/**
 * Keyset cursors: the ordering values of the last row of a page (for example [title_lowercase, id]),
 * opaque to clients. A page is `WHERE (a, b) > (cursor)` ORDER BY a, b LIMIT size.
 */
function encodeCursor(values: readonly string[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

export function decodeCursor(cursor: string | undefined, length: number): string[] | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  try {
    const values: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(values) && values.length === length && values.every((v) => typeof v === 'string')) {
      return values;
    }
  } catch {
    // Falls through to the validation error below.
  }
  throw new ValidationError('Curseur de pagination invalide.', { after: 'Curseur invalide.' });
}

/** The cursor of the page after one whose last row has these ordering values; null when none follows. */
export function cursorAfter(values: readonly string[] | undefined): string | null {
  return values ? encodeCursor(values) : null;
}

/** Builds a page from `size + 1` fetched rows: the extra row only tells that more exist. */
export function toPage<Row, Item>(
  rows: Row[],
  size: number,
  cursorOf: (row: Row) => readonly string[],
  toItem: (row: Row) => Item,
) {
  const items = rows.slice(0, size);
  const last = items.at(-1);
  return {
    items: items.map(toItem),
    nextCursor: cursorAfter(rows.length > size && last ? cursorOf(last) : undefined),
  };
}

/** A page of rows ordered by (title_lowercase, id), keeping the rows themselves as its items. */
export function pageByTitle<Row extends { title_lowercase: string; id: string }>(rows: Row[], size: number) {
  return toPage(
    rows,
    size,
    (row) => [row.title_lowercase, row.id],
    (row) => row,
  );
}
