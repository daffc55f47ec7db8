import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

// Who did what (modules/journal/journal.service.ts): one row per change, written in the change's
// own transaction. Append-only: the database itself refuses to update or delete a row, whoever
// asks. Actor and item are copied as they were, so the entry still reads right once renamed.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('journal_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_email', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('item_label', 'text', (c) => c.notNull())
    // The account the entry concerns (a creator, the owner of a video): their 'Activité'.
    .addColumn('about_user_id', 'text')
    .addColumn('changes', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('journal_entries_at').on('journal_entries').columns(['at', 'id']).execute();
  await db.schema
    .createIndex('journal_entries_actor')
    .on('journal_entries')
    .columns(['actor_email', 'at', 'id'])
    .execute();
  await db.schema
    .createIndex('journal_entries_kind')
    .on('journal_entries')
    .columns(['kind', 'at', 'id'])
    .execute();
  await db.schema
    .createIndex('journal_entries_about')
    .on('journal_entries')
    .columns(['about_user_id', 'at', 'id'])
    .execute();
  if (isPostgres(db)) {
    await sql`create function journal_entries_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'journal_entries is append-only';
      end $$`.execute(db);
    await sql`create trigger journal_entries_append_only before update or delete on journal_entries
      for each row execute function journal_entries_append_only()`.execute(db);
    return;
  }
  for (const event of ['update', 'delete']) {
    await sql`create trigger ${sql.id(`journal_entries_no_${event}`)} before ${sql.raw(event)} on journal_entries begin
      select raise(abort, 'journal_entries is append-only');
    end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger journal_entries_append_only on journal_entries`.execute(db);
    await sql`drop function journal_entries_append_only()`.execute(db);
  }
  await db.schema.dropTable('journal_entries').execute();
}
