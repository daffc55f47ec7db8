import { sql, type Kysely } from 'kysely';
import { isPostgres, textType } from '../dialect.ts';
import { createTrigramIndex, dropTrigramIndex, SEARCH_INDEXES } from '../search-index.ts';

// Comments under the app's videos (docs/decisions/018-comments.md).
//
// Counts shown in lists are kept by triggers (docs/decisions/016-counts-kept-by-triggers.md), so
// every writer (the server, the demo, a copy between databases) maintains them without knowing:
// - videos.comment_count: the video's VISIBLE comments, for the app's video lists;
// - creators.comment_count: every comment on the creator's videos, for their dashboard;
// - comments.report_count: its reports, for the moderation lists.
// comments.creator_id is the video's creator, copied at insert (videos never change owner), so a
// creator's list and counts read one index instead of joining their videos.

export async function up(db: Kysely<unknown>): Promise<void> {
  const text = textType(db);
  await db.schema
    .createTable('comments')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('video_id', text, (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('creator_id', text, (c) => c.notNull().references('creators.id').onDelete('cascade'))
    .addColumn('author_id', text, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', text, (c) => c.notNull())
    .addColumn('text_search', text, (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('report_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  // The app's list and the moderation lists filtered by video walk a video's comments newest
  // first; hidden ones (rare) are skipped inside the index.
  await db.schema
    .createIndex('comments_video_order')
    .on('comments')
    .columns(['video_id', 'created_at', 'id', 'hidden'])
    .execute();
  await db.schema
    .createIndex('comments_creator_order')
    .on('comments')
    .columns(['creator_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('comments_order').on('comments').columns(['created_at', 'id']).execute();
  // The superadmin's list starts with the reports waiting: few rows, in an index of their own.
  await db.schema
    .createIndex('comments_reported_order')
    .on('comments')
    .columns(['created_at', 'id'])
    .where(sql.ref('report_count'), '>', 0)
    .where(sql.ref('hidden'), '=', 0)
    .execute();
  await db.schema
    .createIndex('comments_author')
    .on('comments')
    .columns(['author_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('comment_reports')
    .addColumn('comment_id', text, (c) => c.notNull().references('comments.id').onDelete('cascade'))
    .addColumn('reporter_id', text, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', text, (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('comment_reports_pk', ['comment_id', 'reporter_id'])
    .execute();
  await db.schema
    .createIndex('comment_reports_reporter')
    .on('comment_reports')
    .column('reporter_id')
    .execute();

  // One row per comment posted, by account and by address, for the throttle; older than an hour,
  // they are removed.
  await db.schema
    .createTable('comment_posts')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('bucket', text, (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('comment_posts_bucket').on('comment_posts').columns(['bucket', 'at']).execute();
  await db.schema.createIndex('comment_posts_at').on('comment_posts').column('at').execute();

  await db.schema
    .alterTable('users')
    .addColumn('comments_muted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('creators').addColumn('comments_seen_at', 'bigint').execute();
  await db.schema
    .alterTable('creators')
    .addColumn('comment_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('videos')
    .addColumn('comment_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  if (isPostgres(db)) {
    await sql`create index comments_text_search_trigram on comments using gin (text_search gin_trgm_ops)`.execute(
      db,
    );
    await createPostgresTriggers(db);
  } else {
    await createTrigramIndex(db, SEARCH_INDEXES.commentTexts);
    await createSqliteTriggers(db);
  }
}

async function createPostgresTriggers(db: Kysely<unknown>) {
  await sql`create function comments_kept_counts() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        update creators set comment_count = comment_count + 1 where id = new.creator_id;
      elsif tg_op = 'DELETE' then
        update creators set comment_count = comment_count - 1 where id = old.creator_id;
      end if;
      if tg_op in ('DELETE', 'UPDATE') and old.hidden = 0 then
        update videos set comment_count = comment_count - 1 where id = old.video_id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.hidden = 0 then
        update videos set comment_count = comment_count + 1 where id = new.video_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger comments_kept_counts after insert or delete or update of hidden on comments
    for each row execute function comments_kept_counts()`.execute(db);
  await sql`create function comments_report_count() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        update comments set report_count = report_count + 1 where id = new.comment_id;
      else
        update comments set report_count = report_count - 1 where id = old.comment_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger comments_report_count after insert or delete on comment_reports
    for each row execute function comments_report_count()`.execute(db);
}

const SQLITE_TRIGGERS = [
  'comments_count_insert',
  'comments_count_delete',
  'comments_count_hidden',
  'comments_report_count_insert',
  'comments_report_count_delete',
];

async function createSqliteTriggers(db: Kysely<unknown>) {
  await sql`create trigger comments_count_insert after insert on comments begin
    update creators set comment_count = comment_count + 1 where id = new.creator_id;
    update videos set comment_count = comment_count + 1 where id = new.video_id and new.hidden = 0;
  end`.execute(db);
  await sql`create trigger comments_count_delete after delete on comments begin
    update creators set comment_count = comment_count - 1 where id = old.creator_id;
    update videos set comment_count = comment_count - 1 where id = old.video_id and old.hidden = 0;
  end`.execute(db);
  await sql`create trigger comments_count_hidden after update of hidden on comments
    when old.hidden <> new.hidden begin
    update videos set comment_count = comment_count + (case when new.hidden = 0 then 1 else -1 end)
      where id = new.video_id;
  end`.execute(db);
  await sql`create trigger comments_report_count_insert after insert on comment_reports begin
    update comments set report_count = report_count + 1 where id = new.comment_id;
  end`.execute(db);
  await sql`create trigger comments_report_count_delete after delete on comment_reports begin
    update comments set report_count = report_count - 1 where id = old.comment_id;
  end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger comments_report_count on comment_reports`.execute(db);
    await sql`drop function comments_report_count()`.execute(db);
    await sql`drop trigger comments_kept_counts on comments`.execute(db);
    await sql`drop function comments_kept_counts()`.execute(db);
  } else {
    for (const trigger of SQLITE_TRIGGERS) await sql`drop trigger ${sql.id(trigger)}`.execute(db);
    await dropTrigramIndex(db, SEARCH_INDEXES.commentTexts);
  }
  await db.schema.alterTable('videos').dropColumn('comment_count').execute();
  await db.schema.alterTable('creators').dropColumn('comment_count').execute();
  await db.schema.alterTable('creators').dropColumn('comments_seen_at').execute();
  await db.schema.alterTable('users').dropColumn('comments_muted').execute();
  await db.schema.dropTable('comment_posts').execute();
  await db.schema.dropTable('comment_reports').execute();
  await db.schema.dropTable('comments').execute();
}
