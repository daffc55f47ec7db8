import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firebaseScryptHash } from '../../src/lib/firebase-scrypt.ts';
import {
  IMPORTED_CHECK_FLOOR_MS,
  padWhileImportedPasswordsRemain,
} from '../../src/modules/accounts/accounts.service.ts';
import { importFromFirebase } from '../../src/modules/firebase-import/firebase-import.service.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { signIn } from '../factories.ts';

const HASH_CONFIG = { base64_signer_key: 'c2lnbmVy', base64_salt_separator: 'Bw==', rounds: 8, mem_cost: 10 };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  const config = {
    signerKey: Buffer.from('signer'),
    saltSeparator: Buffer.from([7]),
    rounds: 8,
    memCost: 10,
  };
  const salt = Buffer.from('sel').toString('base64');
  await importFromFirebase(
    t,
    {
      firestore: JSON.stringify({ users: { 'u-1': { email: 'lea@original.fr', is_creator: true } } }),
      auth: JSON.stringify({
        users: [
          {
            localId: 'u-1',
            email: 'lea@original.fr',
            salt,
            passwordHash: await firebaseScryptHash('ancien-mot-de-passe', salt, config),
          },
        ],
      }),
      hashConfig: JSON.stringify(HASH_CONFIG),
    },
    { dryRun: false, merge: false, fetchImages: false },
  );
});
afterAll(async () => t.close());

/** The wait the pad asks for, without waiting. */
async function padFor(startedAt: number) {
  const waits: number[] = [];
  await padWhileImportedPasswordsRemain(t, startedAt, async (ms) => waits.push(ms));
  return waits;
}

describe('sign-in timing while imported passwords remain', () => {
  it('stretches every password check to the same floor, so a Firebase hash is not told apart', async () => {
    const [wait] = await padFor(performance.now());
    expect(wait).toBeGreaterThan(IMPORTED_CHECK_FLOOR_MS - 50);
    expect(wait).toBeLessThanOrEqual(IMPORTED_CHECK_FLOOR_MS);
    expect(await padFor(performance.now() - 2 * IMPORTED_CHECK_FLOOR_MS)).toEqual([]);
  });

  it('stops stretching once the last imported user has signed in', async () => {
    await signIn(t, 'lea@original.fr', 'ancien-mot-de-passe');
    expect(await padFor(performance.now())).toEqual([]);
  });
});
