import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/** A Firebase project's password-hash parameters, as its console shows them. */
export interface FirebaseHashConfig {
  signerKey: Buffer;
  saltSeparator: Buffer;
  rounds: number;
  memCost: number;
}

/** One user's hash and salt from `firebase auth:export` (both base64). */
export interface FirebasePasswordHash {
  passwordHash: string;
  salt: string;
}

/**
 * Firebase Auth's modified scrypt: scrypt(password, salt ‖ separator, N = 2^memCost, r = rounds,
 * p = 1) keys AES-256-CTR with a zero IV, which encrypts the project's signer key; the result is
 * the stored hash.
 */
export async function firebaseScryptHash(password: string, salt: string, config: FirebaseHashConfig) {
  const key = await scrypt(
    password,
    Buffer.concat([Buffer.from(salt, 'base64'), config.saltSeparator]),
    32,
    // 128 · N · r bytes: 16 MiB for Firebase's defaults (14, 8); the default cap is 32 MiB.
    { N: 2 ** config.memCost, r: config.rounds, p: 1, maxmem: 256 * 1024 * 1024 },
  );
  const cipher = crypto.createCipheriv('aes-256-ctr', key, Buffer.alloc(16));
  return Buffer.concat([cipher.update(config.signerKey), cipher.final()]).toString('base64');
}

/** Whether the password is the one behind an imported Firebase hash, compared in constant time. */
export async function verifyFirebasePassword(
  password: string,
  stored: FirebasePasswordHash,
  config: FirebaseHashConfig,
): Promise<boolean> {
  const expected = Buffer.from(stored.passwordHash, 'base64');
  const actual = Buffer.from(await firebaseScryptHash(password, stored.salt, config), 'base64');
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
}
