import { describe, expect, it } from 'vitest';
import {
  firebaseScryptHash,
  verifyFirebasePassword,
  type FirebaseHashConfig,
} from '../../src/lib/firebase-scrypt.ts';

/** The sample project and user of Firebase's own scrypt documentation. */
const SAMPLE_CONFIG: FirebaseHashConfig = {
  signerKey: Buffer.from(
    'jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==',
    'base64',
  ),
  saltSeparator: Buffer.from('Bw==', 'base64'),
  rounds: 8,
  memCost: 14,
};
const SAMPLE_USER = {
  salt: '42xEC+ixf3L2lw==',
  passwordHash: 'lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==',
};

describe('Firebase modified scrypt', () => {
  it("gives the hash Firebase stored for the documentation's sample user", async () => {
    expect(await firebaseScryptHash('user1password', SAMPLE_USER.salt, SAMPLE_CONFIG)).toBe(
      SAMPLE_USER.passwordHash,
    );
  });

  it('accepts the right password and refuses any other', async () => {
    expect(await verifyFirebasePassword('user1password', SAMPLE_USER, SAMPLE_CONFIG)).toBe(true);
    expect(await verifyFirebasePassword('user1password ', SAMPLE_USER, SAMPLE_CONFIG)).toBe(false);
    expect(await verifyFirebasePassword('', SAMPLE_USER, SAMPLE_CONFIG)).toBe(false);
  });

  it('refuses when the salt, the separator or the signer key differ', async () => {
    const otherSalt = { ...SAMPLE_USER, salt: 'AAAAAAAAAAAAAA==' };
    expect(await verifyFirebasePassword('user1password', otherSalt, SAMPLE_CONFIG)).toBe(false);
    const otherSeparator = { ...SAMPLE_CONFIG, saltSeparator: Buffer.from('CA==', 'base64') };
    expect(await verifyFirebasePassword('user1password', SAMPLE_USER, otherSeparator)).toBe(false);
    const truncated = { ...SAMPLE_USER, passwordHash: SAMPLE_USER.passwordHash.slice(0, 40) };
    expect(await verifyFirebasePassword('user1password', truncated, SAMPLE_CONFIG)).toBe(false);
  });
});
