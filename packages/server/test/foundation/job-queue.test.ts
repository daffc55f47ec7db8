import { describe, expect, it } from 'vitest';
import { jobQueue } from '../../src/lib/job-queue.ts';

/** A job the test finishes by hand, recording when it started. */
function heldJob(started: number[], index: number) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    job: async () => {
      started.push(index);
      await done;
      return index;
    },
    finish: () => finish(),
  };
}

describe('jobQueue', () => {
  it('runs as many jobs as it has slots and starts the others in arrival order as slots free', async () => {
    const queue = jobQueue(2);
    const started: number[] = [];
    const jobs = Array.from({ length: 5 }, (_, i) => heldJob(started, i));
    const results = jobs.map(({ job }) => queue.run(job));
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(queue.load).toEqual({ running: 2, waiting: 3 });

    jobs[1]!.finish();
    await results[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    expect(queue.load).toEqual({ running: 2, waiting: 2 });

    for (const { finish } of jobs) finish();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4]);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot of a job that fails', async () => {
    const queue = jobQueue(1);
    await expect(queue.run(() => Promise.reject(new Error('image illisible')))).rejects.toThrow(
      'image illisible',
    );
    expect(await queue.run(() => Promise.resolve('suivante'))).toBe('suivante');
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });
});
