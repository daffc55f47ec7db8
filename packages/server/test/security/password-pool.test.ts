import { describe, expect, it } from 'vitest';
import { TooManyRequestsError } from '../../src/lib/errors.ts';
import {
  hashPassword,
  MAX_QUEUED_PASSWORD_JOBS,
  PASSWORD_THREADS,
  verifyAgainstNothing,
  verifyPassword,
} from '../../src/lib/password.ts';

describe('password hashing on its own threads', () => {
  it('gives argon2id hashes that verify, and refuses a wrong password', async () => {
    const hash = await hashPassword('un-mot-de-passe');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'un-mot-de-passe')).toBe(true);
    expect(await verifyPassword(hash, 'un-autre-mot')).toBe(false);
  });

  it('answers each of many concurrent jobs with its own result', async () => {
    const passwords = Array.from({ length: PASSWORD_THREADS * 3 }, (_, i) => `mot-de-passe-${i}`);
    const hashes = await Promise.all(passwords.map((password) => hashPassword(password)));
    expect(new Set(hashes).size).toBe(passwords.length);
    const checks = await Promise.all(
      hashes.flatMap((hash, i) => [verifyPassword(hash, passwords[i]!), verifyPassword(hash, 'pas-le-bon')]),
    );
    expect(checks).toEqual(passwords.flatMap(() => [true, false]));
  });

  it('treats a malformed stored hash as a wrong password', async () => {
    expect(await verifyPassword('pas-un-hash', 'un-mot-de-passe')).toBe(false);
  });

  it('still spends a check on unknown e-mails, and says no', async () => {
    expect(await verifyAgainstNothing('un-mot-de-passe')).toBe(false);
  });

  it(`refuses jobs beyond ${MAX_QUEUED_PASSWORD_JOBS} waiting, with a 429, and works again after`, async () => {
    const jobs = Array.from({ length: MAX_QUEUED_PASSWORD_JOBS + 1 }, () =>
      verifyPassword('pas-un-hash', 'x').then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      ),
    );
    const results = await Promise.all(jobs);
    expect(results.slice(0, MAX_QUEUED_PASSWORD_JOBS)).toEqual(
      Array.from({ length: MAX_QUEUED_PASSWORD_JOBS }, () => ({ value: false })),
    );
    const refused = results[MAX_QUEUED_PASSWORD_JOBS] as { error: unknown };
    expect(refused.error).toBeInstanceOf(TooManyRequestsError);
    expect((refused.error as TooManyRequestsError).status).toBe(429);
    expect(await verifyPassword('pas-un-hash', 'x')).toBe(false);
  });
});
