import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

// Each category keeps how many videos (or discounts) are filed under it, for the categories lists
// that show it and disable the delete of a category in use. Counting the links at each read would
// scan them all (every picker of every creator reads the list). Kept by triggers on the link
// tables, like creators.video_count (2026_11_26_100): every writer maintains it without knowing.

const KINDS = [
  { categories: 'video_categories', links: 'video_category_links' },
  { categories: 'discount_categories', links: 'discount_category_links' },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { categories, links } of KINDS) {
    await db.schema
      .alterTable(categories)
      .addColumn('use_count', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`update ${sql.table(categories)} set use_count = (select count(*) from ${sql.table(links)} l where l.category_id = ${sql.table(categories)}.id)`.execute(
      db,
    );
    const trigger = `${categories}_use_count`;
    if (isPostgres(db)) {
      await sql`create function ${sql.id(trigger)}() returns trigger language plpgsql as ${sql.lit(`
        begin
          if tg_op in ('DELETE', 'UPDATE') then
            update ${categories} set use_count = use_count - 1 where id = old.category_id;
          end if;
          if tg_op in ('INSERT', 'UPDATE') then
            update ${categories} set use_count = use_count + 1 where id = new.category_id;
          end if;
          return null;
        end`)}`.execute(db);
      await sql`create trigger ${sql.id(trigger)} after insert or delete or update of category_id on ${sql.table(links)}
        for each row execute function ${sql.id(trigger)}()`.execute(db);
      continue;
    }
    await sql`create trigger ${sql.id(`${trigger}_insert`)} after insert on ${sql.table(links)} begin
      update ${sql.table(categories)} set use_count = use_count + 1 where id = new.category_id;
    end`.execute(db);
    await sql`create trigger ${sql.id(`${trigger}_delete`)} after delete on ${sql.table(links)} begin
      update ${sql.table(categories)} set use_count = use_count - 1 where id = old.category_id;
    end`.execute(db);
    await sql`create trigger ${sql.id(`${trigger}_update`)} after update of category_id on ${sql.table(links)} begin
      update ${sql.table(categories)} set use_count = use_count - 1 where id = old.category_id;
      update ${sql.table(categories)} set use_count = use_count + 1 where id = new.category_id;
    end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { categories, links } of KINDS) {
    const trigger = `${categories}_use_count`;
    if (isPostgres(db)) {
      await sql`drop trigger ${sql.id(trigger)} on ${sql.table(links)}`.execute(db);
      await sql`drop function ${sql.id(trigger)}()`.execute(db);
    } else {
      for (const event of ['insert', 'delete', 'update']) {
        await sql`drop trigger ${sql.id(`${trigger}_${event}`)}`.execute(db);
      }
    }
    await db.schema.alterTable(categories).dropColumn('use_count').execute();
  }
}
