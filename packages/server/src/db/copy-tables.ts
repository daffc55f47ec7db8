import { sql } from 'kysely';
import type { Database } from './database.ts';
import { isPostgres } from './dialect.ts';
import type { DB } from './types.ts';

/*
 * Copies every row of one database into another with the same schema, whichever their dialects:
 * SQLite to PostgreSQL (`db copy --to`), PostgreSQL into a SQLite backup file and back. Ids,
 * timestamps and counters travel as they are.
 */

type Row = Record<string, unknown>;

/**
 * Every table, parents before the tables pointing at them, each with the columns that order it and
 * the starting values of its columns kept by the target's triggers, which count (or list) the rows
 * they follow as those arrive. All but `content_version`, which the target's triggers move as the
 * rows arrive (docs/decisions/032-public-answers-kept-until-content-changes.md).
 */
export const COPIED_TABLES: readonly { name: keyof DB; key: readonly string[]; counted?: Row }[] = [
  { name: 'users', key: ['id'] },
  { name: 'creators', key: ['id'], counted: { video_count: 0, comment_count: 0 } },
  { name: 'video_categories', key: ['id'], counted: { use_count: 0 } },
  { name: 'discount_categories', key: ['id'], counted: { use_count: 0 } },
  { name: 'videos', key: ['id'], counted: { comment_count: 0, category_ids: '' } },
  { name: 'video_category_links', key: ['video_id', 'category_id'] },
  { name: 'discounts', key: ['id'], counted: { category_ids: '' } },
  { name: 'discount_category_links', key: ['discount_id', 'category_id'] },
  { name: 'featured_videos', key: ['video_id'] },
  { name: 'latest_videos', key: ['video_id'] },
  { name: 'totals', key: ['name'] },
  { name: 'sessions', key: ['id_hash'] },
  { name: 'login_failures', key: ['id'] },
  { name: 'count_marks', key: ['client_key', 'item_key'] },
  { name: 'form_submissions', key: ['user_id', 'submission_key'] },
  { name: 'firebase_passwords', key: ['user_id'] },
  { name: 'firebase_hash_config', key: ['id'] },
  { name: 'outside_image_origins', key: ['origin'] },
  { name: 'journal_entries', key: ['id'] },
  { name: 'comments', key: ['id'], counted: { report_count: 0 } },
  { name: 'comment_reports', key: ['comment_id', 'reporter_id'] },
  { name: 'comment_posts', key: ['id'] },
];

// Rows per read and per insert: 500 rows of our widest table stay far below both databases'
// limits on bound parameters.
const BATCH = 500;

/** How many rows each table holds, in COPIED_TABLES order. */
export async function countRows(db: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { name } of COPIED_TABLES) {
    const row = await db
      .selectFrom(name)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[name] = Number(row.n);
  }
  return counts;
}

/** Names the tables holding rows a fresh, migrated database does not: a target must have none. */
export async function tablesWithData(db: Database): Promise<string[]> {
  const counts = await countRows(db);
  // A migration seeds the two totals rows, both at zero.
  const seededTotals = await db.selectFrom('totals').select('value').where('value', '!=', 0).execute();
  return Object.entries(counts)
    .filter(([name, n]) => n > 0 && (name !== 'totals' || seededTotals.length > 0))
    .map(([name]) => name);
}

async function* rowsOf(db: Database, table: keyof DB, key: readonly string[]): AsyncGenerator<Row[]> {
  for (let offset = 0; ; offset += BATCH) {
    let query = db.selectFrom(table).selectAll();
    for (const column of key) query = query.orderBy(sql.ref(column));
    const rows = (await query.limit(BATCH).offset(offset).execute()) as Row[];
    if (rows.length > 0) yield rows;
    if (rows.length < BATCH) return;
  }
}

/**
 * Copies every table from `source` into `target` (migrated, holding no data but the seeded
 * totals, which are replaced). Run the source side inside one transaction for a consistent copy.
 */
export async function copyTables(
  source: Database,
  target: Database,
  onTable: (table: string, rows: number) => void = () => undefined,
): Promise<Record<string, number>> {
  const copied: Record<string, number> = {};
  await target.transaction().execute(async (trx) => {
    await trx.deleteFrom('totals').execute();
    for (const { name, key, counted } of COPIED_TABLES) {
      let count = 0;
      for await (const rows of rowsOf(source, name, key)) {
        await trx
          .insertInto(name)
          .values(counted ? rows.map((row) => ({ ...row, ...counted })) : rows)
          .execute();
        count += rows.length;
      }
      copied[name] = count;
      onTable(name, count);
    }
    if (isPostgres(trx)) {
      // Rows came with their ids: the identity must continue after the highest one.
      await sql`select setval(pg_get_serial_sequence('login_failures', 'id'), coalesce(max(id), 0) + 1, false) from login_failures`.execute(
        trx,
      );
    }
  });
  return copied;
}

/** Runs `work` on a read-only view of `db` that does not move while it runs. */
export function withSnapshot<T>(db: Database, work: (snapshot: Database) => Promise<T>): Promise<T> {
  const transaction = isPostgres(db)
    ? db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only')
    : db.transaction();
  return transaction.execute(work);
}
