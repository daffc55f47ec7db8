import type { Kysely } from 'kysely';
import { textType } from '../dialect.ts';

// One row per form a user sent with a submission key: a second request carrying the same key (a
// double click, a retry after a lost answer) finds the row and creates nothing.
export async function up(db: Kysely<unknown>): Promise<void> {
  const text = textType(db);
  await db.schema
    .createTable('form_submissions')
    .addColumn('user_id', text, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('submission_key', text, (c) => c.notNull())
    .addColumn('submitted_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('form_submissions_pk', ['user_id', 'submission_key'])
    .execute();
  await db.schema.createIndex('form_submissions_age').on('form_submissions').column('submitted_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('form_submissions').execute();
}
