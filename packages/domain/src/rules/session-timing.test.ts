import { describe, expect, it } from 'vitest';
import { SESSION_EXPIRY_MARGIN_MS, SESSION_RENEW_BEFORE_MS } from '../constants/limits.ts';
import { isSessionExpired, msUntilRenewal } from './session-timing.ts';

const MINUTE = 60_000;
const now = Date.UTC(2026, 10, 23, 9, 0, 0);

describe('session timing constants', () => {
  it('are the spec’s 5 minutes and 30 seconds', () => {
    expect(SESSION_RENEW_BEFORE_MS).toBe(5 * MINUTE);
    expect(SESSION_EXPIRY_MARGIN_MS).toBe(30_000);
  });
});

describe(msUntilRenewal.name, () => {
  it('renews 5 minutes before the session ends', () => {
    expect(msUntilRenewal(now + 60 * MINUTE, now)).toBe(55 * MINUTE);
    expect(msUntilRenewal(now + 5 * MINUTE + 1, now)).toBe(1);
  });

  it('renews at once when less than 5 minutes are left, or the session is over', () => {
    expect(msUntilRenewal(now + 5 * MINUTE, now)).toBe(0);
    expect(msUntilRenewal(now + MINUTE, now)).toBe(0);
    expect(msUntilRenewal(now - MINUTE, now)).toBe(0);
  });
});

describe(isSessionExpired.name, () => {
  it('counts a session as alive until 30 seconds before its end', () => {
    expect(isSessionExpired(now + 60 * MINUTE, now)).toBe(false);
    expect(isSessionExpired(now + 30_001, now)).toBe(false);
  });

  it('counts a session as expired from 30 seconds before its end', () => {
    expect(isSessionExpired(now + 30_000, now)).toBe(true);
    expect(isSessionExpired(now + 10_000, now)).toBe(true);
    expect(isSessionExpired(now - MINUTE, now)).toBe(true);
  });

  it('renews before it expires: the renewal moment is still a live session', () => {
    const expiresAt = now + 60 * MINUTE;
    const renewalAt = now + msUntilRenewal(expiresAt, now);
    expect(isSessionExpired(expiresAt, renewalAt)).toBe(false);
  });
});
