import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

// A category's videos in title order, the app's category screen, walked the whole title order and
// tested each video for the category. Demo series share a category, so a page of 50 took about
// 1,200 videos: 1.5 ms alone at 100,000 videos, up to 15 ms under load. Each link keeps its video's
// lowercase title, so an index on (category, title, video) starts where the page is. Triggers keep
// it, so every writer maintains it without knowing (like creators.video_count, 2026_11_26_100); a
// link to a missing video gets '' and fails on its foreign key as before.

const TITLE_OF_VIDEO = sql`coalesce(
  (select title_lowercase from videos where videos.id = video_category_links.video_id), '')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('video_category_links')
    .addColumn('title_lowercase', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`update video_category_links set title_lowercase = ${TITLE_OF_VIDEO}`.execute(db);
  await db.schema
    .createIndex('video_category_links_title_order')
    .on('video_category_links')
    .columns(['category_id', 'title_lowercase', 'video_id'])
    .execute();
  if (isPostgres(db)) {
    await sql`create function video_category_links_title() returns trigger language plpgsql as $$
      begin
        new.title_lowercase := coalesce((select title_lowercase from videos where id = new.video_id), '');
        return new;
      end $$`.execute(db);
    await sql`create trigger video_category_links_title before insert or update of video_id on video_category_links
      for each row execute function video_category_links_title()`.execute(db);
    await sql`create function videos_title_in_links() returns trigger language plpgsql as $$
      begin
        update video_category_links set title_lowercase = new.title_lowercase where video_id = new.id;
        return null;
      end $$`.execute(db);
    await sql`create trigger videos_title_in_links after update of title_lowercase on videos
      for each row execute function videos_title_in_links()`.execute(db);
    return;
  }
  await sql`create trigger video_category_links_title after insert on video_category_links begin
    update video_category_links set title_lowercase = ${TITLE_OF_VIDEO}
      where video_id = new.video_id and category_id = new.category_id;
  end`.execute(db);
  await sql`create trigger videos_title_in_links after update of title_lowercase on videos begin
    update video_category_links set title_lowercase = new.title_lowercase where video_id = new.id;
  end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger video_category_links_title on video_category_links`.execute(db);
    await sql`drop function video_category_links_title()`.execute(db);
    await sql`drop trigger videos_title_in_links on videos`.execute(db);
    await sql`drop function videos_title_in_links()`.execute(db);
  } else {
    await sql`drop trigger video_category_links_title`.execute(db);
    await sql`drop trigger videos_title_in_links`.execute(db);
  }
  await db.schema.dropIndex('video_category_links_title_order').execute();
  await db.schema.alterTable('video_category_links').dropColumn('title_lowercase').execute();
}
