import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

// The dashboard's platform counts (users, videos, discounts) are kept in `totals` beside the views
// and clicks, by triggers, like every other count a screen shows
// (docs/decisions/016-counts-kept-by-triggers.md). PostgreSQL counts rows by reading them: the
// three counts took 13 ms at 100,000 users and 100,000 videos, where issue 13 asks the whole
// dashboard for under 10. On PostgreSQL the triggers run once per statement, so a bulk load updates
// each total once per batch (docs/decisions/033-counts-per-statement.md). A copy replaces `totals`
// after the counted tables (db/copy-tables.ts), so the counts arrive with it.

const COUNTED = ['users', 'videos', 'discounts'] as const;

const triggerOf = (table: string) => `${table}_total`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of COUNTED) {
    await sql
      .raw(`insert into totals (name, value) values ('${table}', (select count(*) from ${table}))`)
      .execute(db);
    const trigger = triggerOf(table);
    const move = (sign: '+' | '-', rows: string) =>
      `update totals set value = value ${sign} ${rows} where name = '${table}'`;
    if (isPostgres(db)) {
      await sql
        .raw(
          `create function ${trigger}() returns trigger language plpgsql as $$
          begin
            if tg_op = 'INSERT' then ${move('+', '(select count(*) from new_rows)')};
            else ${move('-', '(select count(*) from old_rows)')}; end if;
            return null;
          end $$`,
        )
        .execute(db);
      for (const [event, side, rows] of [
        ['insert', 'new', 'new_rows'],
        ['delete', 'old', 'old_rows'],
      ] as const) {
        await sql
          .raw(
            `create trigger ${trigger}_${event} after ${event} on ${table} referencing ${side} table as ${rows}
            for each statement execute function ${trigger}()`,
          )
          .execute(db);
      }
      continue;
    }
    await sql
      .raw(`create trigger ${trigger}_insert after insert on ${table} begin ${move('+', '1')}; end`)
      .execute(db);
    await sql
      .raw(`create trigger ${trigger}_delete after delete on ${table} begin ${move('-', '1')}; end`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of COUNTED) {
    const trigger = triggerOf(table);
    for (const event of ['insert', 'delete']) {
      await sql.raw(`drop trigger ${trigger}_${event}${isPostgres(db) ? ` on ${table}` : ''}`).execute(db);
    }
    if (isPostgres(db)) await sql.raw(`drop function ${trigger}()`).execute(db);
    await sql.raw(`delete from totals where name = '${table}'`).execute(db);
  }
}
