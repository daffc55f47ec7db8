import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

// Each video and discount keeps its category ids, so a list reads them with its rows instead of
// looking up each row's links: a 1,000-discount search spent 1.5 ms on those lookups, a third of
// its SQL. Kept by triggers on the link tables, like categories' use_count (2026_11_29_130): every
// writer maintains it without knowing. The ids are joined by commas in id order, the order the
// links' primary key gave the lists before.

const OWNERS = [
  { owners: 'videos', links: 'video_category_links', owner: 'video_id' },
  { owners: 'discounts', links: 'discount_category_links', owner: 'discount_id' },
] as const;

type Owner = (typeof OWNERS)[number];

/** The ids of the owner `id`'s categories, joined by commas in id order ('' for none). */
function joinedIds(db: Kysely<unknown>, { links, owner }: Owner, id: string) {
  const aggregate = isPostgres(db)
    ? `string_agg(category_id, ',' order by category_id)`
    : `group_concat(category_id, ',' order by category_id)`;
  return `coalesce((select ${aggregate} from ${links} where ${owner} = ${id}), '')`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const kind of OWNERS) {
    const { owners, links, owner } = kind;
    await db.schema
      .alterTable(owners)
      .addColumn('category_ids', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await sql.raw(`update ${owners} set category_ids = ${joinedIds(db, kind, `${owners}.id`)}`).execute(db);
    const refresh = (row: 'new' | 'old') =>
      `update ${owners} set category_ids = ${joinedIds(db, kind, `${row}.${owner}`)} where id = ${row}.${owner};`;
    const trigger = `${owners}_category_ids`;
    // Updates fire it only when they change the link itself: the video links' own title column
    // (2026_12_01_150) is written by a trigger after each insert.
    if (isPostgres(db)) {
      await sql
        .raw(
          `create function ${trigger}() returns trigger language plpgsql as $$
          begin
            if tg_op in ('DELETE', 'UPDATE') then ${refresh('old')} end if;
            if tg_op in ('INSERT', 'UPDATE') then ${refresh('new')} end if;
            return null;
          end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${trigger} after insert or delete or update of ${owner}, category_id on ${links}
          for each row execute function ${trigger}()`,
        )
        .execute(db);
      continue;
    }
    await sql
      .raw(`create trigger ${trigger}_insert after insert on ${links} begin ${refresh('new')} end`)
      .execute(db);
    await sql
      .raw(`create trigger ${trigger}_delete after delete on ${links} begin ${refresh('old')} end`)
      .execute(db);
    await sql
      .raw(
        `create trigger ${trigger}_update after update of ${owner}, category_id on ${links}
          begin ${refresh('old')} ${refresh('new')} end`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { owners, links } of OWNERS) {
    const trigger = `${owners}_category_ids`;
    if (isPostgres(db)) {
      await sql.raw(`drop trigger ${trigger} on ${links}`).execute(db);
      await sql.raw(`drop function ${trigger}()`).execute(db);
    } else {
      for (const event of ['insert', 'delete', 'update']) {
        await sql.raw(`drop trigger ${trigger}_${event}`).execute(db);
      }
    }
    await db.schema.alterTable(owners).dropColumn('category_ids').execute();
  }
}
