import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_THROTTLE } from '@coulisses/domain/constants/limits';
import { MESSAGES } from '@coulisses/domain/messages';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { seedCreator, seedVideo } from '../public/seed.ts';
import { makeMember, type Member } from './comment-fixtures.ts';

let t: TestApp;
let now = Date.now();
let video: string;

beforeAll(async () => {
  t = await buildTestApp({}, { clock: () => now });
  video = await seedVideo(t, (await seedCreator(t)).id, 'Très commentée');
});
afterAll(async () => {
  await t.close();
});

let address = 0;
const newAddress = () => `198.51.100.${++address}`;

const post = (who: Member, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/public/videos/${video}/comments`,
    headers: who.headers,
    remoteAddress,
    payload: { text: 'Encore un mot' },
  });

function expectTooFast(response: Awaited<ReturnType<typeof post>>) {
  expect(response.statusCode).toBe(429);
  expect(response.json().error.message).toBe(MESSAGES.commentingTooFast);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('the comment throttle', () => {
  it('stops an account past its posts of a minute, whatever its address, until the minute passes', async () => {
    const member = await makeMember(t);
    for (let i = 0; i < COMMENT_THROTTLE.perAccountPerMinute; i++) {
      expect((await post(member, newAddress())).statusCode).toBe(201);
    }
    expectTooFast(await post(member, newAddress()));
    now += 61_000;
    expect((await post(member, newAddress())).statusCode).toBe(201);
  });

  it('stops an account past its posts of an hour', async () => {
    const member = await makeMember(t);
    for (let i = 0; i < COMMENT_THROTTLE.perAccountPerHour; i++) {
      expect((await post(member, newAddress())).statusCode).toBe(201);
      now += 13_000;
    }
    expectTooFast(await post(member, newAddress()));
    now += 60 * 60 * 1000;
    expect((await post(member, newAddress())).statusCode).toBe(201);
  });

  it('stops an address past its posts of a minute over every account', async () => {
    const shared = newAddress();
    for (let i = 0; i < COMMENT_THROTTLE.perAddressPerMinute; i++) {
      expect((await post(await makeMember(t), shared)).statusCode).toBe(201);
    }
    const late = await makeMember(t);
    expectTooFast(await post(late, shared));
    expect((await post(late, newAddress())).statusCode).toBe(201);
  });
});
