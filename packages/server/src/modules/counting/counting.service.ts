import type { CountedEvent } from '@coulisses/domain/schemas/public-api';
import { inTransaction, type AppContext } from '../../context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import {
  findVisibleVideoCreator,
  isCurrentDiscount,
  isVisibleCreator,
} from '../catalogue/catalogue.service.ts';
import {
  addToDiscountCount,
  addToPersonTotal,
  addToPlatformTotal,
  deleteCountMarksBefore,
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

/** What an event counts on, while the app shows it: the creator behind a video or page, or the discount. */
async function findTarget(tx: AppContext, event: CountedEvent, id: string, now: number) {
  switch (event) {
    case 'video-view': {
      const creatorId = await findVisibleVideoCreator(tx, id);
      return creatorId && { table: 'creators' as const, id: creatorId };
    }
    case 'creator-click':
      return (await isVisibleCreator(tx, id)) ? { table: 'creators' as const, id } : undefined;
    case 'discount-view':
    case 'discount-click':
      return (await isCurrentDiscount(tx, id, now)) ? { table: 'discounts' as const, id } : undefined;
  }
}

/**
 * Who a count is charged to: the address always, and the account too when signed in. Many
 * accounts behind one address, or one account hopping between addresses, count once.
 */
function clientKeys(client: CountingClient): string[] {
  const address = `ip:${client.ip}`;
  return client.userId ? [address, `user:${client.userId}`] : [address];
}

/** Rolls back the marks already set when a later one finds a repeat. */
class AlreadyCounted extends Error {}

/**
 * Counts one event: the owner's counter, the platform total and the subscriber's own total move
 * together in one transaction, or nothing moves (unknown or hidden item, or a repeat inside the
 * window for the address or for the account).
 */
export async function countEvent(
  context: AppContext,
  event: CountedEvent,
  id: string,
  client: CountingClient,
  now = Date.now(),
): Promise<{ counted: boolean }> {
  const measure = MEASURE[event];
  try {
    return await inTransaction(context, async (tx) => {
      const target = await findTarget(tx, event, id, now);
      if (!target) throw new NotFoundError('Élément introuvable.');
      // A refused repeat must leave no mark behind: the address's mark set just before the
      // account's repeat would otherwise hold back the next account at that address.
      for (const client_key of clientKeys(client)) {
        const mark = { client_key, item_key: `${event}:${id}` };
        if (!(await markCounted(tx.db, mark, now, now - COUNT_DEDUP_WINDOW_MS))) throw new AlreadyCounted();
      }

      if (target.table === 'creators')
        await addToPersonTotal(tx.db, 'creators', target.id, PERSON_TOTAL[measure]);
      else await addToDiscountCount(tx.db, target.id, measure);
      await addToPlatformTotal(tx.db, measure);
      if (client.userId) await addToPersonTotal(tx.db, 'users', client.userId, PERSON_TOTAL[measure]);
      if (Math.random() < 0.01) await deleteCountMarksBefore(tx.db, now - COUNT_DEDUP_WINDOW_MS);
      return { counted: true };
    });
  } catch (error) {
    if (error instanceof AlreadyCounted) return { counted: false };
    throw error;
  }
}
