import type { CountedEvent } from '@coulisses/domain/schemas/public-api';
import type { Database } from '../../db/database.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { visibleVideos } from '../catalogue/catalogue.repository.ts';

/** A client counting the same item again within this window counts once. */
export const COUNT_DEDUP_WINDOW_MS = 10 * 60 * 1000;

export interface CountingClient {
  /** The signed-in subscriber, whose own totals also grow. */
  userId?: string;
  ip: string;
}

type Measure = 'views' | 'clicks';
const MEASURE: Record<CountedEvent, Measure> = {
  'video-view': 'views',
  'creator-click': 'clicks',
  'discount-view': 'views',
  'discount-click': 'clicks',
};

/** What an event counts on: the creator behind a video or page, or the discount itself. */
async function findTarget(trx: Database, event: CountedEvent, id: string) {
  switch (event) {
    case 'video-view': {
      const row = await visibleVideos(trx)
        .select('videos.creator_id')
        .where('videos.id', '=', id)
        .executeTakeFirst();
      return row && { table: 'creators' as const, id: row.creator_id };
    }
    case 'creator-click': {
      const row = await trx
        .selectFrom('creators')
        .select('id')
        .where('id', '=', id)
        .where('is_live', '=', 1)
        .where('is_active', '=', 1)
        .executeTakeFirst();
      return row && { table: 'creators' as const, id: row.id };
    }
    case 'discount-view':
    case 'discount-click': {
      const row = await trx.selectFrom('discounts').select('id').where('id', '=', id).executeTakeFirst();
      return row && { table: 'discounts' as const, id: row.id };
    }
  }
}

/**
 * Counts one event: the owner's counter, the platform total and the subscriber's own total move
 * together in one transaction, or nothing moves (unknown id, or a repeat inside the window).
 */
export async function countEvent(
  db: Database,
  event: CountedEvent,
  id: string,
  client: CountingClient,
  now = Date.now(),
): Promise<{ counted: boolean }> {
  const measure = MEASURE[event];
  return db.transaction().execute(async (trx) => {
    const target = await findTarget(trx, event, id);
    if (!target) throw new NotFoundError('Élément introuvable.');

    const mark = await trx
      .insertInto('count_marks')
      .values({
        client_key: client.userId ? `user:${client.userId}` : `ip:${client.ip}`,
        item_key: `${event}:${id}`,
        counted_at: now,
      })
      .onConflict((oc) =>
        oc
          .columns(['client_key', 'item_key'])
          .doUpdateSet({ counted_at: now })
          .where('count_marks.counted_at', '<=', now - COUNT_DEDUP_WINDOW_MS),
      )
      .executeTakeFirst();
    if (Number(mark.numInsertedOrUpdatedRows ?? 0) === 0) return { counted: false };

    if (target.table === 'creators') {
      const column = measure === 'views' ? 'total_views' : 'total_clicks';
      await trx
        .updateTable('creators')
        .set((eb) => ({ [column]: eb(column, '+', 1) }))
        .where('id', '=', target.id)
        .execute();
    } else {
      await trx
        .updateTable('discounts')
        .set((eb) => ({ [measure]: eb(measure, '+', 1) }))
        .where('id', '=', target.id)
        .execute();
    }
    await trx
      .updateTable('totals')
      .set((eb) => ({ value: eb('value', '+', 1) }))
      .where('name', '=', measure)
      .execute();
    if (client.userId) {
      const column = measure === 'views' ? 'total_views' : 'total_clicks';
      await trx
        .updateTable('users')
        .set((eb) => ({ [column]: eb(column, '+', 1) }))
        .where('id', '=', client.userId)
        .execute();
    }
    if (Math.random() < 0.01) {
      await trx
        .deleteFrom('count_marks')
        .where('counted_at', '<=', now - COUNT_DEDUP_WINDOW_MS)
        .execute();
    }
    return { counted: true };
  });
}
