import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';
import { searchIndexNames, SEARCH_INDEXES } from '../search-index.ts';
import { countTrigrams, createTrigramCounts, dropTrigramCounts } from '../trigram-counts.ts';

// SQLite only: a long term is asked of its FTS5 index by its rarest tiles, known from these counts
// (docs/decisions/014-search-indexes.md). PostgreSQL's planner keeps its own statistics of pg_trgm.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await createTrigramCounts(db);
  for (const searched of Object.values(SEARCH_INDEXES)) await countTrigrams(db, searchIndexNames(searched));
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await dropTrigramCounts(db);
}
