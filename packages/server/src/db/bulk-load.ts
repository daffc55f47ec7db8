import { sql } from 'kysely';
import type { Database } from './database.ts';
import { isPostgres } from './dialect.ts';
import { compactSearchIndexes } from './search-index.ts';

/**
 * Leaves the database as its reads expect it after a bulk load (the demo, an import). SQLite: each
 * search index in one piece. PostgreSQL: what autovacuum would do a minute or more later, at once.
 * Without statistics the planner knows nothing of the values (how many titles hold a word) and
 * guesses: right after the demo's 100,000 videos, the back-office search for « partie » took 60 ms
 * instead of 9. The vacuum merges the trigram indexes' pending lists (migration 2026_12_09_230)
 * and marks the pages an index-only walk may skip. Both took a second for the demo.
 */
export async function settleAfterBulkLoad(db: Database): Promise<void> {
  if (isPostgres(db)) await sql`vacuum analyze`.execute(db);
  else await compactSearchIndexes(db);
}
