import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { iterateRows, readRows } from './sqlite-rows.ts';

let sqlite: SQLite.Database;
beforeEach(() => {
  sqlite = new SQLite(':memory:');
  sqlite.exec(`create table t (id text, n integer, r real, b blob, e text);
    insert into t values ('a', 1, 1.5, x'0102', null), ('b', 2, 2.5, null, 'é')`);
});
afterEach(() => sqlite.close());

/** What better-sqlite3 answers itself, from a statement of its own. */
function expected(sql: string, parameters: unknown[] = []) {
  return sqlite.prepare(sql).all(parameters);
}

describe('readRows', () => {
  it('answers the rows better-sqlite3 answers, every type and key order included', () => {
    const sql = 'select * from t where n >= ? order by id';
    const rows = readRows(sqlite.prepare(sql), [1]);
    expect(rows).toEqual(expected(sql, [1]));
    expect(Object.keys(rows[0]!)).toEqual(['id', 'n', 'r', 'b', 'e']);
    expect(rows[0]!.b).toBeInstanceOf(Buffer);
  });

  it('keeps the last column of a name given twice, as better-sqlite3 does', () => {
    const sql = 'select id, n as id from t order by n';
    expect(readRows(sqlite.prepare(sql), [])).toEqual(expected(sql));
    expect(readRows(sqlite.prepare(sql), [])).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('serves one statement again, with other parameters, read whole or row by row', () => {
    const statement = sqlite.prepare('select id, n from t where n >= ? order by n');
    expect(readRows(statement, [2])).toEqual([{ id: 'b', n: 2 }]);
    expect([...iterateRows(statement, [1])]).toEqual([
      { id: 'a', n: 1 },
      { id: 'b', n: 2 },
    ]);
    expect(readRows(statement, [3])).toEqual([]);
  });
});
