import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { withKeptStatements } from './kept-statements.ts';

let sqlite: SQLite.Database;
afterEach(() => sqlite.close());

function numbers() {
  sqlite = new SQLite(':memory:');
  sqlite.exec('create table n (v integer); insert into n values (1), (2), (3)');
  return withKeptStatements(sqlite);
}

describe('withKeptStatements', () => {
  it('prepares a query text once and serves it again with other parameters', () => {
    const db = numbers();
    const first = db.prepare('select v from n where v >= ?');
    expect(first.all([2])).toEqual([{ v: 2 }, { v: 3 }]);
    const again = db.prepare('select v from n where v >= ?');
    expect(again).toBe(first);
    expect(again.all([3])).toEqual([{ v: 3 }]);
  });

  it('gives a statement of its own to a read of a text still being streamed', () => {
    const db = numbers();
    const streamed = db.prepare('select v from n order by v').iterate([]);
    expect(streamed.next().value).toEqual({ v: 1 });
    expect(db.prepare('select v from n order by v').all([])).toHaveLength(3);
    expect([...streamed]).toEqual([{ v: 2 }, { v: 3 }]);
  });

  it('lets the least recently used texts go past 500', () => {
    const db = numbers();
    const oldest = db.prepare('select 0 as v');
    const recent = db.prepare('select 1 as v');
    for (let i = 2; i <= 500; i += 1) {
      db.prepare(`select ${i} as v`);
      if (i === 250) db.prepare('select 1 as v');
    }
    expect(db.prepare('select 1 as v')).toBe(recent);
    expect(db.prepare('select 0 as v')).not.toBe(oldest);
  });
});
