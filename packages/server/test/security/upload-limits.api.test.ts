import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@coulisses/domain/messages';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeSignedIn, type SignedIn } from '../factories.ts';
import { makeImage } from '../images.ts';
import { pageForm } from '../page-settings/page-fixtures.ts';
import { stateOf } from './state-checksum.ts';

/*
 * Many large uploads at once must not pile up in the server: only so many run together, overall
 * and per user; the others are refused before their body is read, and no upload leaves a
 * temporary file behind.
 */

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
let carol: SignedIn;
let image: Buffer;

beforeAll(async () => {
  t = await buildTestApp({ UPLOAD_CONCURRENCY: '2', UPLOADS_PER_USER: '1' });
  [alice, bob, carol] = [await makeSignedIn(t), await makeSignedIn(t), await makeSignedIn(t)];
  image = await makeImage(1200, 800);
});
afterAll(async () => {
  await t.close();
});

const temporaryFiles = () => fs.readdirSync(path.join(t.dataDir, 'tmp'));

/** The bytes of a page save with an image, as a browser would send them. */
async function encodedPageSave() {
  const request = new Request('http://localhost/', {
    method: 'PUT',
    body: pageForm({ bio: 'Envoyée en morceaux' }, { horizontal: image }),
  });
  return { body: Buffer.from(await request.arrayBuffer()), type: request.headers.get('content-type')! };
}

/**
 * A page save whose body arrives in two halves: the first when the server starts reading it, the
 * second on `finish()`. Until then the upload is running and holds its slot. The cut falls inside
 * the image, which comes last.
 */
async function heldPageSave(user: SignedIn) {
  const { body, type } = await encodedPageSave();
  const cut = body.length - 200;
  let startedReading!: () => void;
  const reading = new Promise<void>((resolve) => (startedReading = resolve));
  let read = false;
  const stream = new Readable({
    read() {
      if (read) return;
      read = true;
      this.push(body.subarray(0, cut));
      startedReading();
    },
  });
  const response = t.app.inject({
    method: 'PUT',
    url: '/api/page',
    headers: { cookie: user.cookie, 'content-type': type },
    payload: stream,
  });
  return {
    reading,
    response,
    wasRead: () => read,
    finish() {
      stream.push(body.subarray(cut));
      stream.push(null);
    },
    /** The client stops mid-file: the body ends there, without the rest of the form. */
    cutOff() {
      stream.push(null);
    },
  };
}

describe('concurrent uploads are bounded', () => {
  it('refuses the upload beyond UPLOAD_CONCURRENCY with 503 before reading it, writing nothing', async () => {
    const before = await stateOf(t);
    const running = [await heldPageSave(alice), await heldPageSave(bob)];
    await Promise.all(running.map((upload) => upload.reading));

    const extra = await heldPageSave(carol);
    const refused = await extra.response;
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error).toEqual({ code: 'service_unavailable', message: MESSAGES.uploadsBusy });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(extra.wasRead()).toBe(false);
    expect(await stateOf(t)).toEqual(before);

    for (const upload of running) upload.finish();
    expect((await Promise.all(running.map((upload) => upload.response))).map((r) => r.statusCode)).toEqual([
      200, 200,
    ]);
    const retried = await heldPageSave(carol);
    retried.finish();
    expect((await retried.response).statusCode).toBe(200);
    expect(temporaryFiles()).toEqual([]);
  });

  it('refuses a user beyond UPLOADS_PER_USER with 429, while others still upload', async () => {
    const first = await heldPageSave(alice);
    await first.reading;
    const before = await stateOf(t);

    const second = await heldPageSave(alice);
    const refused = await second.response;
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({ code: 'too_many_requests', message: MESSAGES.uploadsPerUser });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(second.wasRead()).toBe(false);
    expect(await stateOf(t)).toEqual(before);

    const other = await heldPageSave(bob);
    other.finish();
    expect((await other.response).statusCode).toBe(200);
    first.finish();
    expect((await first.response).statusCode).toBe(200);
    expect(temporaryFiles()).toEqual([]);
  });
});

describe('temporary files', () => {
  it('an upload cut off mid-file leaves no temporary file and gives its slot back', async () => {
    const before = await stateOf(t);
    const upload = await heldPageSave(alice);
    await upload.reading;
    upload.cutOff();
    expect((await upload.response).statusCode).toBe(400);
    expect(temporaryFiles()).toEqual([]);
    expect(await stateOf(t)).toEqual(before);

    const again = await heldPageSave(alice);
    again.finish();
    expect((await again.response).statusCode).toBe(200);
  });

  it('neither a refused image nor a saved one leaves a temporary file', async () => {
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/page',
      headers: { cookie: bob.cookie },
      payload: pageForm({ bio: 'Pas une image' }, { horizontal: Buffer.from('%PDF-1.4 pas une image') }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(MESSAGES.imageInvalid);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/page',
      headers: { cookie: bob.cookie },
      payload: pageForm({ bio: 'Une image' }, { horizontal: image, vertical: image }),
    });
    expect(saved.statusCode).toBe(200);
    expect(temporaryFiles()).toEqual([]);
  });
});
