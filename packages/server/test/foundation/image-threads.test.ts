import fs from 'node:fs';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { normaliseImage, thumbnailOf } from '../../src/lib/images.ts';
import { BACKGROUND_NICENESS } from '../../src/lib/thread-priority.ts';
import { makeImage } from '../images.ts';

/** This process's threads named `name`, with their niceness. */
function threadsNamed(name: string): { tid: number; niceness: number }[] {
  return fs
    .readdirSync('/proc/self/task')
    .map(Number)
    .filter((tid) => fs.readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim() === name)
    .map((tid) => ({ tid, niceness: os.getPriority(tid) }));
}

// Linux gives each thread its own niceness; elsewhere the server leaves them as they are.
describe.runIf(process.platform === 'linux')('image work yields its cores to the event loop', () => {
  it("leaves libvips's threads at the background niceness once a photo is done, and the loop's thread at its own", async () => {
    const loopNiceness = os.getPriority();
    // A test run started nicer than that leaves them at its own.
    const background = Math.max(BACKGROUND_NICENESS, loopNiceness);
    const photo = await makeImage(3000, 2000, 'jpeg');
    const normalised = await normaliseImage(photo, 'horizontal', 'image');
    const libvipsThreads = threadsNamed('libvips worker');
    expect(libvipsThreads.length).toBeGreaterThan(0);
    expect(libvipsThreads.map(({ niceness }) => niceness)).toEqual(libvipsThreads.map(() => background));

    // The threads the thumbnail's work starts, if any, are lowered too.
    await Promise.all([
      thumbnailOf(normalised),
      thumbnailOf(normalised),
      normaliseImage(photo, 'vertical', 'image'),
    ]);
    expect(threadsNamed('libvips worker').every(({ niceness }) => niceness === background)).toBe(true);
    expect(os.getPriority()).toBe(loopNiceness);
  });
});
