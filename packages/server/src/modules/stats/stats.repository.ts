import { compiledOnce } from '../../db/compiled-once.ts';
import type { Database } from '../../db/database.ts';

const TOTALS = ['views', 'clicks', 'users', 'videos', 'discounts'] as const;

const totals = compiledOnce((db) =>
  db.selectFrom('totals').select(['name', 'value']).where('name', 'in', TOTALS),
);

/**
 * The platform's totals, kept by triggers as rows and counts change (migrations 2026_11_22_001 and
 * 2026_12_05_190): nothing here counts rows.
 */
export async function readTotals(db: Database): Promise<Record<(typeof TOTALS)[number], number>> {
  const rows = await totals(db);
  const value = (name: string) => Number(rows.find((row) => row.name === name)?.value ?? 0);
  return Object.fromEntries(TOTALS.map((name) => [name, value(name)])) as Record<
    (typeof TOTALS)[number],
    number
  >;
}

const creatorCounters = compiledOnce((db, { creatorId }: { creatorId: string }) =>
  db
    .selectFrom('creators')
    .select(['video_count', 'total_views', 'total_clicks'])
    .where('id', '=', creatorId),
);

/** A creator's kept counts: videos, views and clicks. */
export async function findCreatorCounters(db: Database, creatorId: string) {
  const [row] = await creatorCounters(db, { creatorId });
  return row;
}
