import type { CountedEvent } from '@coulisses/domain/schemas/public-api';
import { inTransaction, type AppContext } from '../../context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { findVisibleVideoCreator, isVisibleCreator } from '../catalogue/catalogue.service.ts';
import {
  addToDiscountCount,
  addToPersonTotal,
  addToPlatformTotal,
  deleteCountMarksBefore,
  discountExists,
  markCounted,
} from './counting.repository.ts';

/** A client counting the same item again within this window counts once. */
const COUNT_DEDUP_WINDOW_MS = 10 * 60 * 1000;

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
const PERSON_TOTAL = { views: 'total_views', clicks: 'total_clicks' } as const;

/** What an event counts on: the creator behind a video or page, or the discount itself. */
async function findTarget(tx: AppContext, event: CountedEvent, id: string) {
  switch (event) {
    case 'video-view': {
      const creatorId = await findVisibleVideoCreator(tx, id);
      return creatorId && { table: 'creators' as const, id: creatorId };
    }
    case 'creator-click':
      return (await isVisibleCreator(tx, id)) ? { table: 'creators' as const, id } : undefined;
    case 'discount-view':
    case 'discount-click':
      return (await discountExists(tx.db, id)) ? { table: 'discounts' as const, id } : undefined;
  }
}

/**
 * Counts one event: the owner's counter, the platform total and the subscriber's own total move
 * together in one transaction, or nothing moves (unknown id, or a repeat inside the window).
 */
export async function countEvent(
  context: AppContext,
  event: CountedEvent,
  id: string,
  client: CountingClient,
  now = Date.now(),
): Promise<{ counted: boolean }> {
  const measure = MEASURE[event];
  return inTransaction(context, async (tx) => {
    const target = await findTarget(tx, event, id);
    if (!target) throw new NotFoundError('Élément introuvable.');
    const mark = {
      client_key: client.userId ? `user:${client.userId}` : `ip:${client.ip}`,
      item_key: `${event}:${id}`,
    };
    if (!(await markCounted(tx.db, mark, now, now - COUNT_DEDUP_WINDOW_MS))) return { counted: false };

    if (target.table === 'creators')
      await addToPersonTotal(tx.db, 'creators', target.id, PERSON_TOTAL[measure]);
    else await addToDiscountCount(tx.db, target.id, measure);
    await addToPlatformTotal(tx.db, measure);
    if (client.userId) await addToPersonTotal(tx.db, 'users', client.userId, PERSON_TOTAL[measure]);
    if (Math.random() < 0.01) await deleteCountMarksBefore(tx.db, now - COUNT_DEDUP_WINDOW_MS);
    return { counted: true };
  });
}
