import { sql } from 'kysely';
import type { Database } from '../src/db/database.ts';
import { searchIndexNames, type SearchedColumn } from '../src/db/search-index.ts';

/** The pieces (FTS5 segments) a SQLite search index is in: a search seeks its term in each. */
export async function searchIndexPieces(db: Database, searched: SearchedColumn): Promise<number> {
  const pieces = sql.table(`${searchIndexNames(searched).index}_idx`);
  const { rows } = await sql<{ count: number }>`select count(distinct segid) as count from ${pieces}`.execute(
    db,
  );
  return Number(rows[0]!.count);
}
