import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

// PostgreSQL only. A GIN index keeps the rows written since its last merge in a pending list that
// every search reads whole, up to 4 MB by default: right after the demo's 100,000 videos a rare
// title took 6.3 ms to find, 0.9 ms with the list bounded to 256 kB, and the load 45 s instead of
// 41 (64 kB: 0.7 ms, 51 s). Everyday writes fill it as well, until autovacuum merges it
// (docs/decisions/014-search-indexes.md).
const TRIGRAM_INDEXES = [
  'videos_title_search_trigram',
  'discounts_title_search_trigram',
  'users_email_trigram',
  'comments_video_text_search',
  'comments_creator_text_search',
] as const;

const PENDING_LIST_KIB = 256;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const index of TRIGRAM_INDEXES) {
    await sql`alter index ${sql.id(index)} set (gin_pending_list_limit = ${sql.lit(PENDING_LIST_KIB)})`.execute(
      db,
    );
    await sql`select gin_clean_pending_list(${index}::regclass)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const index of TRIGRAM_INDEXES) {
    await sql`alter index ${sql.id(index)} reset (gin_pending_list_limit)`.execute(db);
  }
}
