import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

// A creator's comment list, with or without a video chosen, walks its order index newest first. A
// search for a word the search index finds in too many comments to start from them
// (db/search-index.ts), and that the newest comments do not hold, read every one of them from the
// table to test its key: 150 ms for « n°12 » in the 300,000 comments of the busiest creator of
// `npm run bench -- comments`, or the 100,000 of one video, and the event loop held all along.
// Both indexes now carry the key, as the reports waiting do (2026_12_06_200), and SQLite reads from
// the table only the comments found. SQLite only, for the same reason: a PostgreSQL B-tree refuses
// a row over about 2,700 bytes, which a long comment passes.

const orders = {
  comments_creator_order: ['creator_id', 'created_at', 'id'],
  comments_video_order: ['video_id', 'created_at', 'id', 'hidden'],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  for (const [name, columns] of Object.entries(orders)) await recreate(db, name, [...columns, 'text_search']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  for (const [name, columns] of Object.entries(orders)) await recreate(db, name, columns);
}

async function recreate(db: Kysely<unknown>, name: string, columns: string[]) {
  await db.schema.dropIndex(name).execute();
  await db.schema.createIndex(name).on('comments').columns(columns).execute();
}
