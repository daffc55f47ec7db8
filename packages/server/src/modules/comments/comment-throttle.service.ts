import { COMMENT_THROTTLE } from '@coulisses/domain/constants/limits';
import { MESSAGES } from '@coulisses/domain/messages';
import type { AppContext } from '../../context.ts';
import { TooManyRequestsError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { countPostsSince, deletePostsBefore, insertPosts } from './comments.repository.ts';

// Posts are counted in the database, so every server process sees the same counts: per account
// (a minute and an hour) and per address over every account behind it (many accounts, one flood).
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

const accountBucket = (userId: string) => `account:${userId}`;
const addressBucket = (ip: string) => `address:${ip}`;

/** Refuses with 429 and Retry-After a post past any limit; a refused post is not counted. */
export async function assertNotTooFast(tx: AppContext, userId: string, ip: string, now: number) {
  const limits = [
    { bucket: accountBucket(userId), window: MINUTE, max: COMMENT_THROTTLE.perAccountPerMinute },
    { bucket: accountBucket(userId), window: HOUR, max: COMMENT_THROTTLE.perAccountPerHour },
    { bucket: addressBucket(ip), window: MINUTE, max: COMMENT_THROTTLE.perAddressPerMinute },
  ];
  for (const { bucket, window, max } of limits) {
    const { count, oldest } = await countPostsSince(tx.db, bucket, now - window);
    if (count >= max) {
      throw new TooManyRequestsError(MESSAGES.commentingTooFast, ((oldest ?? now) + window - now) / 1000);
    }
  }
}

/** Counts a post for its account and its address, in the post's transaction. */
export async function countPost(tx: AppContext, userId: string, ip: string, now: number) {
  await insertPosts(tx.db, [
    { id: newId(), bucket: accountBucket(userId), at: now },
    { id: newId(), bucket: addressBucket(ip), at: now },
  ]);
}

/** Past the longest window, a post counts for nothing: its rows go. */
export async function forgetOldPosts(context: AppContext, now: number) {
  await deletePostsBefore(context.db, now - HOUR);
}
