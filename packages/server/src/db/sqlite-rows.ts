import type SQLite from 'better-sqlite3';

type Row = Record<string, unknown>;

/**
 * Each reading statement's column names, read once: a kept statement serves many queries, and
 * asking again costs 8 µs a query. They hold while the schema does: a `select *` run again after
 * its table gained a column answers one more value. The server changes its schema only in its
 * migrations, at start, whose reads name their columns.
 */
const columnNamesOf = new WeakMap<SQLite.Statement, string[]>();

function columnNames(statement: SQLite.Statement): string[] {
  let names = columnNamesOf.get(statement);
  if (!names) {
    names = statement.columns().map((column) => column.name);
    columnNamesOf.set(statement, names);
  }
  return names;
}

/**
 * Keys assigned in column order, as better-sqlite3 assigns them (a name given twice keeps its last
 * column), so every row of a statement shares one hidden class.
 */
function rowOf(names: readonly string[], values: readonly unknown[]): Row {
  const row: Row = {};
  for (let index = 0; index < names.length; index += 1) row[names[index]!] = values[index];
  return row;
}

/**
 * A reading statement's rows as objects keyed by column name, as better-sqlite3 answers them, but
 * built here from SQLite's arrays of values: better-sqlite3 builds each object through V8's API,
 * key by key, and a search answering 1,000 discounts took 3.0 ms that way and 1.9 ms this way
 * (docs/decisions/031-rows-from-arrays.md).
 */
export function readRows(statement: SQLite.Statement, parameters: readonly unknown[]): Row[] {
  const names = columnNames(statement);
  // Each array of values is replaced in place by its row: no second array of 1,000 entries.
  const rows = statement.raw(true).all(parameters) as (unknown[] | Row)[];
  for (let index = 0; index < rows.length; index += 1) rows[index] = rowOf(names, rows[index] as unknown[]);
  return rows as Row[];
}

/** readRows one row at a time, for answers streamed row by row. */
export function* iterateRows(statement: SQLite.Statement, parameters: readonly unknown[]): Generator<Row> {
  const names = columnNames(statement);
  for (const values of statement.raw(true).iterate(parameters) as Iterable<unknown[]>)
    yield rowOf(names, values);
}
