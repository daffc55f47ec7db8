import { sql, type Kysely } from 'kysely';
import { isPostgres, textType } from '../dialect.ts';

// Every table of spec section 3 exists from the first migration on, so features add behaviour,
// not core tables. Category links RESTRICT deletes: a category in use cannot vanish, even if a
// check in code were skipped.
export async function up(db: Kysely<unknown>): Promise<void> {
  const text = textType(db);
  await db.schema
    .createTable('users')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('email', text, (c) => c.notNull().unique())
    .addColumn('password_hash', text, (c) => c.notNull())
    .addColumn('pseudonym', text)
    .addColumn('is_creator', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_superadmin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_views', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('total_clicks', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('terms_accepted_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('creators')
    .addColumn('id', text, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('title', text, (c) => c.notNull().defaultTo(''))
    .addColumn('bio', text, (c) => c.notNull().defaultTo(''))
    .addColumn('email', text, (c) => c.notNull())
    .addColumn('hor_img_url', text, (c) => c.notNull().defaultTo(''))
    .addColumn('ver_img_url', text, (c) => c.notNull().defaultTo(''))
    .addColumn('facebook_url', text, (c) => c.notNull().defaultTo(''))
    .addColumn('instagram_url', text, (c) => c.notNull().defaultTo(''))
    .addColumn('youtube_url', text, (c) => c.notNull().defaultTo(''))
    .addColumn('tiktok_url', text, (c) => c.notNull().defaultTo(''))
    .addColumn('linkedin_url', text, (c) => c.notNull().defaultTo(''))
    .addColumn('home_video_url', text, (c) => c.notNull().defaultTo(''))
    .addColumn('email_visible', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lebavard_url', text, (c) => c.notNull().defaultTo(''))
    .addColumn('is_live', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('total_views', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('total_clicks', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('videos')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('title', text, (c) => c.notNull())
    .addColumn('title_lowercase', text, (c) => c.notNull())
    .addColumn('title_search', text, (c) => c.notNull())
    .addColumn('hor_img_url', text, (c) => c.notNull())
    .addColumn('ver_img_url', text, (c) => c.notNull())
    .addColumn('video_url', text, (c) => c.notNull())
    .addColumn('creator_id', text, (c) => c.notNull().references('creators.id').onDelete('restrict'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('videos_title_order').on('videos').columns(['title_lowercase', 'id']).execute();
  await db.schema
    .createIndex('videos_creator_title_order')
    .on('videos')
    .columns(['creator_id', 'title_lowercase', 'id'])
    .execute();

  for (const kind of ['video', 'discount'] as const) {
    await db.schema
      .createTable(`${kind}_categories`)
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('name', text, (c) => c.notNull())
      .addColumn('name_key', text, (c) => c.notNull().unique())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  }

  await db.schema
    .createTable('video_category_links')
    .addColumn('video_id', text, (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('category_id', text, (c) => c.notNull().references('video_categories.id').onDelete('restrict'))
    .addPrimaryKeyConstraint('video_category_links_pk', ['video_id', 'category_id'])
    .execute();
  await db.schema
    .createIndex('video_category_links_category')
    .on('video_category_links')
    .columns(['category_id', 'video_id'])
    .execute();

  await db.schema
    .createTable('discounts')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('title', text, (c) => c.notNull())
    .addColumn('title_lowercase', text, (c) => c.notNull())
    .addColumn('title_search', text, (c) => c.notNull())
    .addColumn('link', text, (c) => c.notNull())
    .addColumn('code', text, (c) => c.notNull().defaultTo(''))
    .addColumn('start_date', 'bigint', (c) => c.notNull())
    .addColumn('end_date', 'bigint', (c) => c.notNull())
    .addColumn('image_url', text, (c) => c.notNull())
    .addColumn('views', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('clicks', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('discounts_title_order')
    .on('discounts')
    .columns(['title_lowercase', 'id'])
    .execute();

  await db.schema
    .createTable('discount_category_links')
    .addColumn('discount_id', text, (c) => c.notNull().references('discounts.id').onDelete('cascade'))
    .addColumn('category_id', text, (c) =>
      c.notNull().references('discount_categories.id').onDelete('restrict'),
    )
    .addPrimaryKeyConstraint('discount_category_links_pk', ['discount_id', 'category_id'])
    .execute();
  await db.schema
    .createIndex('discount_category_links_category')
    .on('discount_category_links')
    .columns(['category_id', 'discount_id'])
    .execute();

  for (const list of ['featured_videos', 'latest_videos'] as const) {
    await db.schema
      .createTable(list)
      .addColumn('video_id', text, (c) => c.primaryKey().references('videos.id').onDelete('cascade'))
      .addColumn('position', 'bigint', (c) => c.notNull())
      .execute();
  }

  await db.schema
    .createTable('totals')
    .addColumn('name', text, (c) => c.primaryKey())
    .addColumn('value', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into totals (name, value) values ('views', 0), ('clicks', 0)`.execute(db);

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', text, (c) => c.primaryKey())
    .addColumn('user_id', text, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', text, (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expiry').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('login_failures')
    .$call((table) =>
      // PostgreSQL numbers rows with an identity column, SQLite with AUTOINCREMENT.
      isPostgres(db)
        ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
        : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()),
    )
    .addColumn('bucket', text, (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_failures_bucket')
    .on('login_failures')
    .columns(['bucket', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'login_failures',
    'sessions',
    'totals',
    'latest_videos',
    'featured_videos',
    'discount_category_links',
    'discounts',
    'video_category_links',
    'discount_categories',
    'video_categories',
    'videos',
    'creators',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
