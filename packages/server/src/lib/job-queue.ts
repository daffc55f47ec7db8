/**
 * Runs at most `slots` jobs at once and queues the rest in arrival order. Image work goes through
 * one (lib/images.ts), as many at once as there are cores: more would only add memory and make each
 * one slower.
 */
export function jobQueue(slots: number) {
  let running = 0;
  const waiting: (() => void)[] = [];

  function release() {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }

  return {
    async run<T>(job: () => Promise<T>): Promise<T> {
      if (running < slots) running += 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await job();
      } finally {
        release();
      }
    },
    /** Jobs started and not yet finished, and jobs waiting for a slot. */
    get load() {
      return { running, waiting: waiting.length };
    },
  };
}
