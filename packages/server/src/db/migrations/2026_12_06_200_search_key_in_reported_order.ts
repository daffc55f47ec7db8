import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

// The superadmin's comment list starts with the reports waiting, walked newest first in their
// partial index. A search for a word few of them hold read every one of them from the table to test
// its key: 21 ms for « merci » among the 10,000 reports of a million comments (npm run bench --
// comments). The index now carries the key, as the title orders do
// (docs/decisions/014-search-indexes.md), and SQLite reads from the table only the comments found.
// It carries the columns of its own condition too: SQLite reads a row to test them otherwise, so
// counting the reports waiting for the dashboard read each of them.
// SQLite only: a PostgreSQL B-tree refuses a row over about 2,700 bytes, which a comment of 1,000
// characters of emoji passes; its planner may use the trigram index instead.

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await recreate(db, ['created_at', 'id', 'text_search', 'report_count', 'hidden']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await recreate(db, ['created_at', 'id']);
}

async function recreate(db: Kysely<unknown>, columns: string[]) {
  await db.schema.dropIndex('comments_reported_order').execute();
  await db.schema
    .createIndex('comments_reported_order')
    .on('comments')
    .columns(columns)
    .where(sql.ref('report_count'), '>', 0)
    .where(sql.ref('hidden'), '=', 0)
    .execute();
}
