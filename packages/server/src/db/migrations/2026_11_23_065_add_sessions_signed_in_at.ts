import { sql, type Kysely } from 'kysely';

// A renewal replaces the session row; the sign-in time travels from row to row so that renewals
// never carry a session past its absolute lifetime (docs/decisions/004-sessions.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('signed_in_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update sessions set signed_in_at = created_at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('signed_in_at').execute();
}
