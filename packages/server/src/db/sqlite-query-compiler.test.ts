import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { searchValues, searchWhere, walkedSearch } from './conditions.ts';
import { memoryDatabaseWith } from '../../test/memory-database.ts';
import type { Database, OpenDatabase } from './database.ts';
import { SEARCH_INDEXES } from './search-index.ts';

// SQLite reads a bare parameter given as a LIMIT, an OFFSET or a LIKE pattern when it plans a
// statement, then prepares that statement again at every run (ADR 035). These check the SQL the
// server sends keeps such values out of the planner's reach, and that the answers stay the same.

let opened: OpenDatabase;
let db: Database;

beforeEach(async () => {
  opened = await memoryDatabaseWith(
    ['ana@exemple.fr', 'bob@50%.fr', 'cyd@exemple.fr', 'dan@exemple.fr'].map((email, index) => ({
      id: `u${index}`,
      email,
      is_creator: 0,
    })),
  );
  db = opened.db;
});
afterEach(() => opened.close());

const emailsPage = (limit: number, offset: number) =>
  db.selectFrom('users').select('email').orderBy('email').limit(limit).offset(offset);

describe("the SQLite compiler's limits", () => {
  it('writes a limit and an offset as expressions, still bound', () => {
    const { sql, parameters } = emailsPage(2, 1).compile();
    expect(sql).toMatch(/limit \(\? \+ 0\) offset \(\? \+ 0\)$/);
    expect(parameters).toEqual([2, 1]);
  });

  it('answers the same page', async () => {
    expect(await emailsPage(2, 1).execute()).toEqual([{ email: 'bob@50%.fr' }, { email: 'cyd@exemple.fr' }]);
  });
});

describe("a search's pattern on SQLite", () => {
  const whereOf = (term: string) => searchWhere(SEARCH_INDEXES.userEmails, walkedSearch(term))!;

  it('is bound as an expression', () => {
    const { sql, parameters } = whereOf('exemple').compile(db);
    expect(sql).toBe(`"users"."email" like cast(? as text) escape '\\'`);
    expect(parameters).toEqual(['%exemple%']);
  });

  it('finds the same rows, its wildcards still escaped, walked or among the ids the index found', async () => {
    const emails = async (term: string) =>
      (
        await db
          .selectFrom('users')
          .select('email')
          .where(
            searchWhere(SEARCH_INDEXES.userEmails, await searchValues(db, SEARCH_INDEXES.userEmails, term))!,
          )
          .orderBy('email')
          .execute()
      ).map(({ email }) => email);
    expect(await db.selectFrom('users').select('email').where(whereOf('50%')).execute()).toEqual([
      { email: 'bob@50%.fr' },
    ]);
    expect(await emails('exemple.fr')).toEqual(['ana@exemple.fr', 'cyd@exemple.fr', 'dan@exemple.fr']);
    expect(await emails('50%.fr')).toEqual(['bob@50%.fr']);
  });
});
