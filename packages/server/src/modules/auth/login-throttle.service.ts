import { MESSAGES } from '@coulisses/domain/messages';
import { inTransaction, nowOf, type AppContext } from '../../context.ts';
import { TooManyRequestsError } from '../../lib/errors.ts';
import { findAccountByEmail } from '../accounts/accounts.service.ts';
import { recordChange } from '../journal/journal.service.ts';
import {
  clearBuckets,
  countFailuresSince,
  deleteFailuresBefore,
  insertFailures,
} from './login-throttle.repository.ts';

// Failures are kept in the database so every server process sees the same counts. Three counts,
// so that guessing is slow but nobody can lock someone else out (docs/decisions/004-sessions.md):
// - one e-mail from one address: a hard limit, which only ever stops that address;
// - one e-mail from every address: no lock, a delay doubling with each failure past the first
//   ones and capped, so a botnet gets one guess per cap and the owner waits at most the cap;
// - one address over every e-mail: a looser hard limit against spraying, loose enough for an
//   office behind one address.
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_PAIR = 10;
export const ACCOUNT_FAILURES_BEFORE_DELAY = 10;
export const ACCOUNT_DELAY_CAP_MS = 60 * 1000;
export const MAX_FAILURES_PER_IP = 50;

const pairBucket = (email: string, ip: string) => `pair:${ip} ${email}`;
const accountBucket = (email: string) => `email:${email}`;
const ipBucket = (ip: string) => `ip:${ip}`;

/** How long an account waits after its latest failure, once it has `failures` in the window. */
export function accountDelayMs(failures: number): number {
  if (failures < ACCOUNT_FAILURES_BEFORE_DELAY) return 0;
  return Math.min(1000 * 2 ** (failures - ACCOUNT_FAILURES_BEFORE_DELAY), ACCOUNT_DELAY_CAP_MS);
}

function refuse(retryAfterMs: number): never {
  throw new TooManyRequestsError(MESSAGES.tooManyAttempts, retryAfterMs / 1000);
}

/** Refuses with 429 and Retry-After when the address has failed too often, whatever the e-mail. */
export async function assertAddressNotThrottled(context: AppContext, ip: string) {
  const now = nowOf(context);
  const { count, oldest } = await countFailuresSince(context.db, ipBucket(ip), now - LOGIN_WINDOW_MS);
  if (count >= MAX_FAILURES_PER_IP) refuse((oldest ?? now) + LOGIN_WINDOW_MS - now);
}

/**
 * Refuses with 429 and Retry-After before the password is checked: a refusal is never counted,
 * so hammering a throttled account does not extend its wait.
 */
export async function assertNotThrottled(context: AppContext, email: string, ip: string) {
  await assertAddressNotThrottled(context, ip);
  const now = nowOf(context);
  const since = now - LOGIN_WINDOW_MS;
  const pair = await countFailuresSince(context.db, pairBucket(email, ip), since);
  if (pair.count >= MAX_FAILURES_PER_PAIR) refuse((pair.oldest ?? now) + LOGIN_WINDOW_MS - now);
  const account = await countFailuresSince(context.db, accountBucket(email), since);
  const waitUntil = (account.newest ?? now) + accountDelayMs(account.count);
  if (waitUntil > now) refuse(waitUntil - now);
}

/**
 * A wrong password (or an unknown e-mail): counts for the pair, the account and the address. The
 * failure that starts slowing an account down, or that stops an address, goes in the journal.
 */
export async function recordFailure(context: AppContext, email: string, ip: string) {
  const now = nowOf(context);
  await inTransaction(context, async (tx) => {
    await insertFailures(tx.db, [pairBucket(email, ip), accountBucket(email), ipBucket(ip)], now);
    await journalBursts(tx, email, ip, now);
  });
  await deleteFailuresBefore(context.db, now - LOGIN_WINDOW_MS);
}

async function journalBursts(tx: AppContext, email: string, ip: string, now: number) {
  const since = now - LOGIN_WINDOW_MS;
  const account = await countFailuresSince(tx.db, accountBucket(email), since);
  if (account.count === ACCOUNT_FAILURES_BEFORE_DELAY) {
    await recordChange(tx, null, {
      kind: 'sign-in.throttled',
      item: { type: 'user', id: email, label: email },
      aboutUserId: (await findAccountByEmail(tx, email))?.id ?? null,
      changes: { failures: { before: null, after: account.count } },
    });
  }
  const address = await countFailuresSince(tx.db, ipBucket(ip), since);
  if (address.count === MAX_FAILURES_PER_IP) {
    await recordChange(tx, null, {
      kind: 'sign-in.throttled',
      item: { type: 'address', id: ip, label: ip },
      changes: { failures: { before: null, after: address.count } },
    });
  }
}

/** A probe that only the address is answerable for (a sign-up on an existing e-mail). */
export async function recordAddressFailure(context: AppContext, ip: string) {
  await insertFailures(context.db, [ipBucket(ip)], nowOf(context));
}

/** The right password: the account and this address start afresh; other addresses keep their count. */
export async function forgetFailures(context: AppContext, email: string, ip: string) {
  await clearBuckets(context.db, [pairBucket(email, ip), accountBucket(email)]);
}
