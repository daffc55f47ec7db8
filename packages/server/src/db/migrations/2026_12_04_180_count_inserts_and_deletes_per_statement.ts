import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

// On PostgreSQL, the triggers that keep a count or a list on another row (creators.video_count,
// the categories' use_count, the videos' and discounts' category_ids, the comment counts of
// creators and videos) run once per statement for inserts and deletes, not once per row. Row by
// row, a bulk load in one transaction (the demo, an import, a copy) updated the same few rows again
// and again: each update leaves a row version that the next update of the row walks past until the
// transaction ends, so the time grew with the square of the rows (100,000 demo videos took minutes;
// docs/decisions/033-counts-per-statement.md). Per statement, each row is updated once per batch.
// Changes of the key itself (a video moved to another creator, a comment hidden) stay row by row:
// they are rare, and a statement trigger with transition tables cannot name the column it watches.
// SQLite keeps no row versions, and its row triggers.

interface KeptValue {
  /** The row-level trigger and its function, created by the migration that added the value. */
  trigger: string;
  /** The table whose inserts and deletes move the value. */
  source: string;
  /** The columns of `source` whose changes the row-level trigger still follows. */
  key: string;
  /** The row-level trigger's events before this migration, which `down` restores. */
  rowEvents: string;
  /** The statement that updates the kept values for the inserted rows (`new_rows`)... */
  insert: (rows: string) => string;
  /** ...and for the deleted ones (`old_rows`). */
  remove: (rows: string) => string;
}

/** `target.counter` moves by the number of `rows` holding each key (those matching `only`). */
function counted(target: string, counter: string, key: string, sign: '+' | '-', only = 'true') {
  return (rows: string) =>
    `update ${target} t set ${counter} = t.${counter} ${sign} changed.n
      from (select ${key} as id, count(*) as n from ${rows} where ${only} group by ${key}) changed
      where t.id = changed.id`;
}

/** A comment counts for its creator always, for its video while it is not hidden. */
function commentCounts(sign: '+' | '-') {
  return (rows: string) =>
    `${counted('creators', 'comment_count', 'creator_id', sign)(rows)};
    ${counted('videos', 'comment_count', 'video_id', sign, 'hidden = 0')(rows)}`;
}

/** Each owner's category ids, joined by commas in id order, read again for the owners in `rows`. */
function categoryIds(owners: string, links: string, owner: string) {
  return (rows: string) =>
    `update ${owners} o set category_ids = fresh.ids
      from (
        select touched.id, coalesce(
          (select string_agg(l.category_id, ',' order by l.category_id) from ${links} l where l.${owner} = touched.id),
          '') as ids
        from (select distinct ${owner} as id from ${rows}) touched
      ) fresh
      where o.id = fresh.id and o.category_ids is distinct from fresh.ids`;
}

const KEPT_VALUES: KeptValue[] = [
  {
    trigger: 'creators_video_count',
    source: 'videos',
    key: 'creator_id',
    rowEvents: 'insert or delete or update of creator_id',
    insert: counted('creators', 'video_count', 'creator_id', '+'),
    remove: counted('creators', 'video_count', 'creator_id', '-'),
  },
  {
    trigger: 'comments_kept_counts',
    source: 'comments',
    key: 'hidden',
    rowEvents: 'insert or delete or update of hidden',
    insert: commentCounts('+'),
    remove: commentCounts('-'),
  },
  ...(['video', 'discount'] as const).flatMap((kind): KeptValue[] => {
    const categories = `${kind}_categories`;
    const links = `${kind}_category_links`;
    const owner = `${kind}_id`;
    const refreshIds = categoryIds(`${kind}s`, links, owner);
    return [
      {
        trigger: `${categories}_use_count`,
        source: links,
        key: 'category_id',
        rowEvents: 'insert or delete or update of category_id',
        insert: counted(categories, 'use_count', 'category_id', '+'),
        remove: counted(categories, 'use_count', 'category_id', '-'),
      },
      {
        trigger: `${kind}s_category_ids`,
        source: links,
        key: `${owner}, category_id`,
        rowEvents: `insert or delete or update of ${owner}, category_id`,
        insert: refreshIds,
        remove: refreshIds,
      },
    ];
  }),
];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const { trigger, source, key, insert, remove } of KEPT_VALUES) {
    await sql
      .raw(
        `create function ${trigger}_per_statement() returns trigger language plpgsql as $$
        begin
          if tg_op = 'INSERT' then ${insert('new_rows')}; else ${remove('old_rows')}; end if;
          return null;
        end $$`,
      )
      .execute(db);
    await sql.raw(`drop trigger ${trigger} on ${source}`).execute(db);
    await sql
      .raw(
        `create trigger ${trigger} after update of ${key} on ${source} for each row execute function ${trigger}()`,
      )
      .execute(db);
    for (const [event, table, rows] of [
      ['insert', 'new', 'new_rows'],
      ['delete', 'old', 'old_rows'],
    ] as const) {
      await sql
        .raw(
          `create trigger ${trigger}_${event} after ${event} on ${source} referencing ${table} table as ${rows}
          for each statement execute function ${trigger}_per_statement()`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const { trigger, source, rowEvents } of KEPT_VALUES) {
    for (const event of ['insert', 'delete']) {
      await sql.raw(`drop trigger ${trigger}_${event} on ${source}`).execute(db);
    }
    await sql.raw(`drop function ${trigger}_per_statement()`).execute(db);
    await sql.raw(`drop trigger ${trigger} on ${source}`).execute(db);
    await sql
      .raw(
        `create trigger ${trigger} after ${rowEvents} on ${source} for each row execute function ${trigger}()`,
      )
      .execute(db);
  }
}
