import type { Database } from '../../db/database.ts';

export async function countRows(db: Database, table: 'users' | 'videos' | 'discounts'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function countVideosOf(db: Database, creatorId: string): Promise<number> {
  const row = await db
    .selectFrom('videos')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('creator_id', '=', creatorId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function readTotals(db: Database): Promise<{ views: number; clicks: number }> {
  const rows = await db.selectFrom('totals').select(['name', 'value']).execute();
  const value = (name: string) => Number(rows.find((row) => row.name === name)?.value ?? 0);
  return { views: value('views'), clicks: value('clicks') };
}

export function findCreatorCounters(db: Database, creatorId: string) {
  return db
    .selectFrom('creators')
    .select(['total_views', 'total_clicks'])
    .where('id', '=', creatorId)
    .executeTakeFirst();
}
