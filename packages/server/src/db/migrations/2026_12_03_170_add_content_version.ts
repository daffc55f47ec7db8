import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

// One number that grows whenever what the app shows may have changed: a row of a table the public
// answers are built from is added, removed or changed, counts aside. Every process keeps its public
// answers while the number stays the same, and checks it at each request
// (docs/decisions/032-public-answers-kept-until-content-changes.md). Kept by triggers, so every
// writer (the server, the CLI, the import, the demo, a copy, another process) moves it without
// knowing it exists.

/** The tables of the app's public content, and each one's counters: a count is not a change of content. */
const CONTENT_TABLES = [
  { table: 'creators', counters: ['total_views', 'total_clicks'] },
  { table: 'videos', counters: [] },
  { table: 'video_categories', counters: [] },
  { table: 'video_category_links', counters: [] },
  { table: 'featured_videos', counters: [] },
  { table: 'latest_videos', counters: [] },
  { table: 'discounts', counters: ['views', 'clicks'] },
  { table: 'discount_categories', counters: [] },
  { table: 'discount_category_links', counters: [] },
] as const;

type ContentTable = (typeof CONTENT_TABLES)[number];

/** True for an update that leaves the counters as they were: the counting of a view or click changes only them. */
function countersUnchanged({ counters }: ContentTable, same: 'is' | 'is not distinct from') {
  return counters.map((column) => `old.${column} ${same} new.${column}`).join(' and ');
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('content_version')
    .addColumn('value', 'bigint', (c) => c.notNull())
    // PostgreSQL: the transaction that last moved the value, so a transaction moves it once.
    .addColumn('changed_by', 'bigint')
    .execute();
  await sql`insert into content_version (value) values (0)`.execute(db);

  if (isPostgres(db)) {
    // A constraint trigger deferred to the commit takes the version's row lock last, when the
    // transaction has nothing left to wait for: two writers can never wait on each other through
    // it. The first of a transaction's changes moves the number, the others find it moved.
    await sql`create function content_version_move() returns trigger language plpgsql as $$
      begin
        update content_version set value = value + 1, changed_by = txid_current()
          where changed_by is distinct from txid_current();
        return null;
      end $$`.execute(db);
    for (const content of CONTENT_TABLES) {
      const { table, counters } = content;
      const trigger = `${table}_content_version`;
      const when = counters.length ? `when (${countersUnchanged(content, 'is not distinct from')})` : '';
      const create = (name: string, events: string, condition = '') =>
        sql
          .raw(
            `create constraint trigger ${name} after ${events} on ${table}
            deferrable initially deferred for each row ${condition} execute function content_version_move()`,
          )
          .execute(db);
      if (counters.length) {
        await create(trigger, 'insert or delete');
        await create(`${trigger}_update`, 'update', when);
      } else {
        await create(trigger, 'insert or delete or update');
      }
    }
    return;
  }
  // SQLite writes one transaction at a time: the version moves with the change itself.
  for (const content of CONTENT_TABLES) {
    const { table, counters } = content;
    for (const event of ['insert', 'delete', 'update'] as const) {
      const when = event === 'update' && counters.length ? `when ${countersUnchanged(content, 'is')}` : '';
      await sql
        .raw(
          `create trigger ${table}_content_version_${event} after ${event} on ${table} ${when}
          begin update content_version set value = value + 1; end`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table, counters } of CONTENT_TABLES) {
    if (isPostgres(db)) {
      await sql.raw(`drop trigger ${table}_content_version on ${table}`).execute(db);
      if (counters.length)
        await sql.raw(`drop trigger ${table}_content_version_update on ${table}`).execute(db);
    } else {
      for (const event of ['insert', 'delete', 'update']) {
        await sql.raw(`drop trigger ${table}_content_version_${event}`).execute(db);
      }
    }
  }
  if (isPostgres(db)) await sql`drop function content_version_move()`.execute(db);
  await db.schema.dropTable('content_version').execute();
}
