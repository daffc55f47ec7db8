import type { Database } from '../../db/database.ts';

/**
 * Marks that a client counted an item at `now`, unless it already did after `countedSince`;
 * answers whether the mark was set (so the event counts).
 */
export async function markCounted(
  db: Database,
  mark: { client_key: string; item_key: string },
  now: number,
  countedSince: number,
): Promise<boolean> {
  const result = await db
    .insertInto('count_marks')
    .values({ ...mark, counted_at: now })
    .onConflict((oc) =>
      oc
        .columns(['client_key', 'item_key'])
        .doUpdateSet({ counted_at: now })
        .where('count_marks.counted_at', '<=', countedSince),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function deleteCountMarksBefore(db: Database, before: number): Promise<void> {
  await db.deleteFrom('count_marks').where('counted_at', '<=', before).execute();
}

/*
 * The counts below change their counters and nothing else: the content version ignores an update
 * that moves a counter (docs/decisions/032-public-answers-kept-until-content-changes.md).
 */

/** Adds one to a person's own total: a creator's (their content's) or a subscriber's. */
export async function addToPersonTotal(
  db: Database,
  table: 'creators' | 'users',
  id: string,
  column: 'total_views' | 'total_clicks',
): Promise<void> {
  await db
    .updateTable(table)
    .set((eb) => ({ [column]: eb(column, '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export async function addToDiscountCount(
  db: Database,
  id: string,
  measure: 'views' | 'clicks',
): Promise<void> {
  await db
    .updateTable('discounts')
    .set((eb) => ({ [measure]: eb(measure, '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export async function addToPlatformTotal(db: Database, measure: 'views' | 'clicks'): Promise<void> {
  await db
    .updateTable('totals')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', measure)
    .execute();
}
