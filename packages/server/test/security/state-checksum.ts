import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { TestApp } from '../build-test-app.ts';

/** The tables a refused request must leave untouched (sessions and throttling bookkeeping aside). */
export const GUARDED_TABLES = [
  'users',
  'creators',
  'videos',
  'video_categories',
  'video_category_links',
  'discounts',
  'discount_categories',
  'discount_category_links',
  'featured_videos',
  'latest_videos',
  'totals',
  'comments',
  'comment_reports',
] as const;

/**
 * Columns that a request allowed to read may still write: a creator's first page of 'Commentaires'
 * marks their comments seen, for the dashboard's count of new ones.
 */
const BOOKKEEPING_COLUMNS: Partial<Record<(typeof GUARDED_TABLES)[number], string[]>> = {
  creators: ['comments_seen_at'],
};

/** Row counts, a checksum of every guarded row, and the stored files: equal before and after = nothing changed. */
export async function stateOf(t: TestApp) {
  const hash = createHash('sha256');
  const counts: Record<string, number> = {};
  for (const table of GUARDED_TABLES) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by 1, 2`.execute(
      t.db,
    );
    counts[table] = rows.rows.length;
    const skipped = BOOKKEEPING_COLUMNS[table] ?? [];
    const kept = rows.rows.map((row) =>
      Object.fromEntries(Object.entries(row).filter(([column]) => !skipped.includes(column))),
    );
    hash.update(`${table}:${JSON.stringify(kept)}\n`);
  }
  const files: string[] = [];
  for await (const key of t.storage.list()) files.push(key);
  return { counts, checksum: hash.digest('hex'), files: files.sort() };
}
