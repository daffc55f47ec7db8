import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';
import { createTrigramIndex, dropTrigramIndex, SEARCH_INDEXES } from '../search-index.ts';

// The search plan of docs/decisions/014-search-indexes.md.
//
// On both databases, the title order indexes also carry the search key: a common word is found by
// walking titles in order and testing each key in the index itself, without reading the rows.
//
// On SQLite, each searched column gets a contentless FTS5 trigram index (PostgreSQL has pg_trgm,
// 2026_11_24_070). Triggers keep it, so every writer (the server, the CLI, the import, a copy into
// SQLite) maintains it without knowing it exists (db/search-index.ts createTrigramIndex).

// The columns searched when this migration was written; later ones bring their own index.
const SEARCHED = [SEARCH_INDEXES.videoTitles, SEARCH_INDEXES.discountTitles, SEARCH_INDEXES.userEmails];

const TITLE_ORDERS = [
  ['videos', 'videos_title_order'],
  ['discounts', 'discounts_title_order'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, index] of TITLE_ORDERS) {
    await db.schema.dropIndex(index).execute();
    await db.schema.createIndex(index).on(table).columns(['title_lowercase', 'id', 'title_search']).execute();
  }
  if (isPostgres(db)) return;
  for (const searched of SEARCHED) await createTrigramIndex(db, searched);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) {
    for (const searched of SEARCHED) await dropTrigramIndex(db, searched);
  }
  for (const [table, index] of TITLE_ORDERS) {
    await db.schema.dropIndex(index).execute();
    await db.schema.createIndex(index).on(table).columns(['title_lowercase', 'id']).execute();
  }
}
