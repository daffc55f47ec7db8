import { SESSION_EXPIRY_MARGIN_MS, SESSION_RENEW_BEFORE_MS } from '../constants/limits.ts';

/** Milliseconds from `now` until the SPA should renew a session ending at `expiresAt`. */
export function msUntilRenewal(expiresAt: number, now: number): number {
  return Math.max(0, expiresAt - SESSION_RENEW_BEFORE_MS - now);
}

/** A session counts as expired 30 s before its real end, so no request races the expiry. */
export function isSessionExpired(expiresAt: number, now: number): boolean {
  return now >= expiresAt - SESSION_EXPIRY_MARGIN_MS;
}
