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
] as const;

/** Row counts, a checksum of every guarded row, and the stored files: equal before and after = nothing changed. */
export async function stateOf(t: TestApp) {
  const hash = createHash('sha256');
  const counts: Record<string, number> = {};
  for (const table of GUARDED_TABLES) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by 1, 2`.execute(
      t.db,
    );
    counts[table] = rows.rows.length;
    hash.update(`${table}:${JSON.stringify(rows.rows)}\n`);
  }
  const files: string[] = [];
  for await (const key of t.storage.list()) files.push(key);
  return { counts, checksum: hash.digest('hex'), files: files.sort() };
}
