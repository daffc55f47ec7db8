import type { Kysely } from 'kysely';
import { textType } from '../dialect.ts';

// One row per (client, counted item): when that client last made the item count. A repeat within
// the de-duplication window finds the row and counts nothing, so a looping client cannot inflate
// views or clicks.
export async function up(db: Kysely<unknown>): Promise<void> {
  const text = textType(db);
  await db.schema
    .createTable('count_marks')
    .addColumn('client_key', text, (c) => c.notNull())
    .addColumn('item_key', text, (c) => c.notNull())
    .addColumn('counted_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('count_marks_pk', ['client_key', 'item_key'])
    .execute();
  await db.schema.createIndex('count_marks_age').on('count_marks').column('counted_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('count_marks').execute();
}
