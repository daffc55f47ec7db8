import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, type Compilable } from 'kysely';
import { keysetAfter } from '../../src/db/conditions.ts';
import { isPostgres } from '../../src/db/dialect.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';

// The plans SQLite chooses for the reads that grow with the catalogue: each must start where its
// answer is, not walk from the first row. PostgreSQL plans from table statistics, so its plans are
// left to `npm run bench`.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function planOf(query: Compilable): Promise<string> {
  const { sql, parameters } = query.compile();
  const { rows } = await t.db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${sql}`, [...parameters]),
  );
  return rows.map((row) => row.detail).join('\n');
}

describe('query plans on SQLite', () => {
  it('starts a later page at its cursor in the title order index', async (context) => {
    if (isPostgres(t.db)) context.skip();
    const laterPage = t.db
      .selectFrom('videos')
      .select('videos.id')
      .where(keysetAfter('videos.title_lowercase', 'videos.id', ['recette', 'some-id']))
      .orderBy('videos.title_lowercase')
      .orderBy('videos.id')
      .limit(51);
    expect(await planOf(laterPage)).toContain(
      'SEARCH videos USING COVERING INDEX videos_title_order ((title_lowercase,id)>(?,?))',
    );
  });
});
