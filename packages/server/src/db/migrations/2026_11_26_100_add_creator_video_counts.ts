import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

// Each creator row keeps its number of videos, so the creators list reads it instead of counting
// every video of the catalogue (11 ms at 100,000 videos on SQLite, and growing with them). Triggers
// keep it, so every writer (the server, the CLI, the import, the demo, a copy) maintains it without
// knowing it exists; a copy starts it at zero and lets the triggers count (db/copy-tables.ts).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('creators')
    .addColumn('video_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update creators set video_count = (select count(*) from videos where videos.creator_id = creators.id)`.execute(
    db,
  );
  if (isPostgres(db)) {
    await sql`create function creators_video_count() returns trigger language plpgsql as $$
      begin
        if tg_op in ('DELETE', 'UPDATE') then
          update creators set video_count = video_count - 1 where id = old.creator_id;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          update creators set video_count = video_count + 1 where id = new.creator_id;
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger creators_video_count after insert or delete or update of creator_id on videos
      for each row execute function creators_video_count()`.execute(db);
    return;
  }
  await sql`create trigger creators_video_count_insert after insert on videos begin
    update creators set video_count = video_count + 1 where id = new.creator_id;
  end`.execute(db);
  await sql`create trigger creators_video_count_delete after delete on videos begin
    update creators set video_count = video_count - 1 where id = old.creator_id;
  end`.execute(db);
  await sql`create trigger creators_video_count_update after update of creator_id on videos begin
    update creators set video_count = video_count - 1 where id = old.creator_id;
    update creators set video_count = video_count + 1 where id = new.creator_id;
  end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger creators_video_count on videos`.execute(db);
    await sql`drop function creators_video_count()`.execute(db);
  } else {
    for (const event of ['insert', 'delete', 'update']) {
      await sql`drop trigger ${sql.id(`creators_video_count_${event}`)}`.execute(db);
    }
  }
  await db.schema.alterTable('creators').dropColumn('video_count').execute();
}
