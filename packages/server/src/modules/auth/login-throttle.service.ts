import { MESSAGES } from '@coulisses/domain/messages';
import type { AppContext } from '../../context.ts';
import { TooManyRequestsError } from '../../lib/errors.ts';
import {
  clearBucket,
  countFailuresSince,
  deleteFailuresBefore,
  insertFailures,
} from './login-throttle.repository.ts';

// Failures are kept in the database so every server process sees the same counts. Per account the
// limit is tight (guessing one password); per IP it is looser, so one office behind one address
// can still sign in while an attacker spraying many accounts is stopped.
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 10;
export const MAX_FAILURES_PER_IP = 50;

const emailBucket = (email: string) => `email:${email}`;
const ipBucket = (ip: string) => `ip:${ip}`;

/** Refuses with 429 and Retry-After when the account or the address has failed too often. */
export async function assertNotThrottled({ db }: AppContext, email: string, ip: string, now = Date.now()) {
  const since = now - LOGIN_WINDOW_MS;
  for (const [bucket, max] of [
    [emailBucket(email), MAX_FAILURES_PER_EMAIL],
    [ipBucket(ip), MAX_FAILURES_PER_IP],
  ] as const) {
    const { count, oldest } = await countFailuresSince(db, bucket, since);
    if (count >= max) {
      const retryAfterMs = (oldest ?? now) + LOGIN_WINDOW_MS - now;
      throw new TooManyRequestsError(MESSAGES.tooManyAttempts, retryAfterMs / 1000);
    }
  }
}

export async function recordFailure({ db }: AppContext, email: string, ip: string, now = Date.now()) {
  await insertFailures(db, [emailBucket(email), ipBucket(ip)], now);
  await deleteFailuresBefore(db, now - LOGIN_WINDOW_MS);
}

export async function forgetFailures({ db }: AppContext, email: string) {
  await clearBucket(db, emailBucket(email));
}
