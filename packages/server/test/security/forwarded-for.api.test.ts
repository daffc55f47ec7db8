import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FAILURES_PER_IP } from '../../src/modules/auth/login-throttle.service.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { seedCreator, seedVideo } from '../public/seed.ts';

// The proxy runs on the same machine: app.inject's default peer, 127.0.0.1, plays it.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ TRUST_PROXY: 'loopback' });
});
afterAll(async () => {
  await t.close();
});

/** What an appending proxy forwards when the client wrote its own X-Forwarded-For first. */
function forged(clientAddress: string) {
  const made = randomBytes(4).join('.');
  return { 'x-forwarded-for': `${made}, ${clientAddress}` };
}

describe('behind a trusted proxy, a client that writes its own X-Forwarded-For', () => {
  it('still meets the per-address sign-in limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= MAX_FAILURES_PER_IP && !statuses.includes(429); i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: forged('203.0.113.9'),
        payload: { email: `inconnu-${i}@exemple.fr`, password: 'pas-le-bon' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toContain(429);
    expect(new Set(statuses)).toEqual(new Set([401, 429]));
  });

  it('is counted once for the same item, whatever it writes', async () => {
    const creator = await seedCreator(t);
    const video = await seedVideo(t, creator.id, 'Vue par un petit malin');
    const answers = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/public/count/video-view/${video}`,
        headers: forged('203.0.113.10'),
      });
      answers.push(response.json<{ counted: boolean }>().counted);
    }
    expect(answers).toEqual([true, false, false, false, false]);
  });

  it('reaching the server directly, is known by its own address', async () => {
    const creator = await seedCreator(t);
    const video = await seedVideo(t, creator.id, 'Vue sans passer par le proxy');
    const answers = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/public/count/video-view/${video}`,
        remoteAddress: '198.51.100.7',
        headers: { 'x-forwarded-for': randomBytes(4).join('.') },
      });
      answers.push(response.json<{ counted: boolean }>().counted);
    }
    expect(answers).toEqual([true, false, false]);
  });
});
