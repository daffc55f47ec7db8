import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compiledOnce, padded, writtenOnce } from './compiled-once.ts';
import { memoryDatabaseWith } from '../../test/memory-database.ts';
import type { Database, OpenDatabase } from './database.ts';

let opened: OpenDatabase;
let db: Database;

beforeEach(async () => {
  opened = await memoryDatabaseWith(
    ['ana', 'bob', 'cyd'].map((name, index) => ({
      id: name,
      email: `${name}@exemple.fr`,
      is_creator: index % 2,
    })),
  );
  db = opened.db;
});
afterEach(() => opened.close());

describe('compiledOnce', () => {
  it('builds the query once and runs it with each value', async () => {
    let builds = 0;
    const emailOf = compiledOnce((db, { id }: { id: string }) => {
      builds += 1;
      return db.selectFrom('users').select('email').where('id', '=', id);
    });
    expect(await emailOf(db, { id: 'bob' })).toEqual([{ email: 'bob@exemple.fr' }]);
    expect(await emailOf(db, { id: 'cyd' })).toEqual([{ email: 'cyd@exemple.fr' }]);
    expect(await emailOf(db, { id: 'nobody' })).toEqual([]);
    expect(builds).toBe(1);
  });

  it('builds a raw query once too', async () => {
    let builds = 0;
    const emailsOf = compiledOnce((_db, { ids }: { ids: readonly string[] }) => {
      builds += 1;
      return sql<{ email: string }>`select email from users where id in (${sql.join(ids)}) order by id`;
    });
    expect(await emailsOf(db, { ids: ['cyd', 'ana', 'bob'] })).toEqual(
      ['ana', 'bob', 'cyd'].map((name) => ({ email: `${name}@exemple.fr` })),
    );
    expect(await emailsOf(db, { ids: ['bob', 'nobody', 'nobody'] })).toEqual([{ email: 'bob@exemple.fr' }]);
    expect(builds).toBe(1);
  });

  it('pads a list to the next power of two with its last value: the same rows, few shapes', () => {
    expect(padded([])).toEqual([]);
    expect(padded([7])).toEqual([7]);
    expect(padded([1, 2, 3])).toEqual([1, 2, 3, 3]);
    expect(padded(['a', 'b', 'c', 'd', 'e'])).toEqual(['a', 'b', 'c', 'd', 'e', 'e', 'e', 'e']);
  });

  it('binds each value where the query uses it, whatever the order of the parameters', async () => {
    const between = compiledOnce(
      (db, { limit, creator, after }: { limit: number; creator: number; after: string }) =>
        db
          .selectFrom('users')
          .select('id')
          .where('id', '>', after)
          .where('is_creator', '=', creator)
          .orderBy('id')
          .limit(limit),
    );
    expect(await between(db, { limit: 5, creator: 0, after: 'a' })).toEqual([{ id: 'ana' }, { id: 'cyd' }]);
    expect(await between(db, { limit: 1, creator: 0, after: 'ana' })).toEqual([{ id: 'cyd' }]);
    expect(await between(db, { limit: 5, creator: 1, after: '' })).toEqual([{ id: 'bob' }]);
  });

  it('runs a query without values', async () => {
    const count = compiledOnce((db) =>
      db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')),
    );
    expect(await count(db)).toEqual([{ n: 3 }]);
  });

  it('keeps the constants the query binds beside its values', async () => {
    const creatorsAfter = compiledOnce((db, { after }: { after: string }) =>
      db
        .selectFrom('users')
        .select('id')
        .where('is_creator', '=', 0)
        .where('id', '>', after)
        .orderBy('id')
        .limit(1),
    );
    expect(await creatorsAfter(db, { after: '' })).toEqual([{ id: 'ana' }]);
    expect(await creatorsAfter(db, { after: 'ana' })).toEqual([{ id: 'cyd' }]);
  });

  it('builds a query again for each shape: values present or not, lists of each length', async () => {
    const shapes: string[] = [];
    const ids = compiledOnce((db, { among, after }: { among: readonly string[]; after?: string }) => {
      shapes.push(`${among.length}${after === undefined ? '' : ' after'}`);
      let query = db.selectFrom('users').select('id').where('id', 'in', among).orderBy('id');
      if (after !== undefined) query = query.where('id', '>', after);
      return query;
    });
    expect(await ids(db, { among: ['ana', 'cyd'] })).toEqual([{ id: 'ana' }, { id: 'cyd' }]);
    expect(await ids(db, { among: ['bob', 'cyd'] })).toEqual([{ id: 'bob' }, { id: 'cyd' }]);
    expect(await ids(db, { among: ['ana', 'cyd'], after: 'ana' })).toEqual([{ id: 'cyd' }]);
    expect(await ids(db, { among: ['bob'] })).toEqual([{ id: 'bob' }]);
    expect(await ids(db, { among: ['ana', 'bob', 'cyd'], after: 'bob' })).toEqual([{ id: 'cyd' }]);
    expect(await ids(db, { among: ['bob', 'ana'], after: 'a' })).toEqual([{ id: 'ana' }, { id: 'bob' }]);
    expect(shapes).toEqual(['2', '2 after', '1', '3 after']);
  });

  it('refuses a value written into the text, not used, or bound twice, at the first run of its shape', async () => {
    const written = compiledOnce((db, { id }: { id: string }) =>
      db
        .selectFrom('users')
        .select('id')
        .where(sql<boolean>`id = ${sql.lit(id)}`),
    );
    await expect(written(db, { id: 'ana' })).rejects.toThrow('each value must be bound exactly once');
    const unused = compiledOnce((db, _values: { id: string }) => db.selectFrom('users').select('id'));
    await expect(unused(db, { id: 'ana' })).rejects.toThrow('each value must be bound exactly once');
    const twice = compiledOnce((db, { id }: { id: string }) =>
      db.selectFrom('users').select('id').where('id', '=', id).where('email', '!=', id),
    );
    await expect(twice(db, { id: 'ana' })).rejects.toThrow('each value must be bound exactly once');
  });

  it('reads on the calling turn, without Kysely’s executor, when no transaction is open', async () => {
    const sent: string[] = [];
    const executor = db.getExecutor();
    const execute = executor.executeQuery.bind(executor);
    executor.executeQuery = (query) => {
      sent.push(query.sql);
      return execute(query);
    };
    const emailOf = compiledOnce((db, { id }: { id: string }) =>
      db.selectFrom('users').select('email').where('id', '=', id),
    );
    expect(await emailOf(db, { id: 'bob' })).toEqual([{ email: 'bob@exemple.fr' }]);
    expect(sent).toEqual([]);
  });

  it('waits for a transaction open on the writing connection, and never reads its rows', async () => {
    const emailOf = compiledOnce((db, { id }: { id: string }) =>
      db.selectFrom('users').select('email').where('id', '=', id),
    );
    let read: Promise<{ email: string }[]> | undefined;
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('users')
          .values({
            id: 'dan',
            email: 'dan@exemple.fr',
            password_hash: '-',
            pseudonym: null,
            is_creator: 0,
            is_superadmin: 0,
            terms_accepted_at: null,
            created_at: 3,
          })
          .execute();
        read = emailOf(db, { id: 'dan' });
        // Inside the transaction, its own handle reads its rows, through Kysely.
        expect(await emailOf(trx, { id: 'dan' })).toEqual([{ email: 'dan@exemple.fr' }]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await read).toEqual([]);
  });

  it('reads a database in memory on its own connection, even an answer written off the loop', async () => {
    // No other connection can open it: a thread's would find an empty database (ADR 038).
    const creators = writtenOnce(
      () => sql<{ answer: string }>`select cast(count(*) as text) as answer from users where is_creator = 1`,
    );
    expect(await creators(db, {}, 'gzip')).toEqual({ answer: Buffer.from('1') });
  });
});
