import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compiledOnce } from './compiled-once.ts';
import { openSqlite, type Database, type OpenDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';

let opened: OpenDatabase;
let db: Database;

beforeEach(async () => {
  opened = openSqlite(':memory:');
  db = opened.db;
  await migrateToLatest(db);
  await db
    .insertInto('users')
    .values(
      ['ana', 'bob', 'cyd'].map((name, index) => ({
        id: name,
        email: `${name}@exemple.fr`,
        password_hash: '-',
        pseudonym: null,
        is_creator: index % 2,
        is_superadmin: 0,
        terms_accepted_at: null,
        created_at: index,
      })),
    )
    .execute();
});
afterEach(() => opened.close());

describe('compiledOnce', () => {
  it('builds the query once and runs it with each value', async () => {
    let builds = 0;
    const emailOf = compiledOnce((db, id: string) => {
      builds += 1;
      return db.selectFrom('users').select('email').where('id', '=', id);
    });
    expect(await emailOf(db, 'bob')).toEqual([{ email: 'bob@exemple.fr' }]);
    expect(await emailOf(db, 'cyd')).toEqual([{ email: 'cyd@exemple.fr' }]);
    expect(await emailOf(db, 'nobody')).toEqual([]);
    expect(builds).toBe(1);
  });

  it('binds each value where the query uses it, whatever the order of the parameters', async () => {
    const between = compiledOnce((db, limit: number, creator: number, after: string) =>
      db
        .selectFrom('users')
        .select('id')
        .where('id', '>', after)
        .where('is_creator', '=', creator)
        .orderBy('id')
        .limit(limit),
    );
    expect(await between(db, 5, 0, 'a')).toEqual([{ id: 'ana' }, { id: 'cyd' }]);
    expect(await between(db, 1, 0, 'ana')).toEqual([{ id: 'cyd' }]);
    expect(await between(db, 5, 1, '')).toEqual([{ id: 'bob' }]);
  });

  it('runs a query without values', async () => {
    const count = compiledOnce((db) =>
      db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')),
    );
    expect(await count(db)).toEqual([{ n: 3 }]);
  });

  it('keeps the constants the query binds beside its values', async () => {
    const creatorsAfter = compiledOnce((db, after: string) =>
      db
        .selectFrom('users')
        .select('id')
        .where('is_creator', '=', 0)
        .where('id', '>', after)
        .orderBy('id')
        .limit(1),
    );
    expect(await creatorsAfter(db, '')).toEqual([{ id: 'ana' }]);
    expect(await creatorsAfter(db, 'ana')).toEqual([{ id: 'cyd' }]);
  });

  it('refuses a value written into the text, or not used, at its first run', async () => {
    const written = compiledOnce((db, id: string) =>
      db
        .selectFrom('users')
        .select('id')
        .where(sql<boolean>`id = ${sql.lit(id)}`),
    );
    await expect(written(db, 'ana')).rejects.toThrow('each value must be bound exactly once');
    const unused = compiledOnce((db, _id: string) => db.selectFrom('users').select('id'));
    await expect(unused(db, 'ana')).rejects.toThrow('each value must be bound exactly once');
    const twice = compiledOnce((db, id: string) =>
      db.selectFrom('users').select('id').where('id', '=', id).where('email', '!=', id),
    );
    await expect(twice(db, 'ana')).rejects.toThrow('each value must be bound exactly once');
  });
});
