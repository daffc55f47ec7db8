import fp from 'fastify-plugin';

/**
 * The time a turn of the event loop spends starting requests when more are waiting. A request's
 * own work runs start to end on the loop (its SQLite queries are synchronous, and so is the
 * compression of all but the largest answers), so a turn lasts this budget plus the last request it
 * started: about 2 ms for a page of videos, 10 ms for the heaviest answer, a 1,000-discount search
 * (docs/decisions/028-paced-requests.md).
 */
export const TURN_BUDGET_MS = 10;

/** The most requests a turn starts, however quick they are. */
export const STARTS_PER_TURN = 16;

/**
 * Paces the start of requests: when the loop is busy, a turn starts requests until it has spent
 * TURN_BUDGET_MS (at most STARTS_PER_TURN of them), and the others wait for the next turns, in arrival order.
 * Between two turns the loop reads sockets, so an upload's body keeps coming in, timers fire on
 * time, and the work handed to threads (images, password hashing) comes back, instead of all
 * waiting behind a hundred answers computed in a row. When the loop is not busy, a request starts
 * at once.
 */
export const requestPacing = fp(async (app) => {
  const waiting: (() => void)[] = [];
  /** When this turn started its first request; undefined while it has started none. */
  let turnBegan: number | undefined;
  let started = 0;
  let turnScheduled = false;

  function startIfTime(): boolean {
    if (turnBegan === undefined) {
      turnBegan = performance.now();
      scheduleTurn();
    } else if (started >= STARTS_PER_TURN || performance.now() - turnBegan >= TURN_BUDGET_MS) return false;
    started += 1;
    return true;
  }

  /**
   * One setImmediate per request the next turn may start, then one that ends the turn. Node runs
   * the promises a callback settles before its next setImmediate callback, so each callback comes
   * after the whole work of the request the previous one started, and sees the time spent so far.
   * Callbacks queued by a setImmediate callback run in the next turn, after its sockets are read.
   */
  function scheduleTurn() {
    if (turnScheduled) return;
    turnScheduled = true;
    const starts = Math.min(waiting.length, STARTS_PER_TURN);
    for (let slot = 0; slot < starts; slot += 1) {
      setImmediate(() => {
        if (waiting.length > 0 && startIfTime()) waiting.shift()!();
      });
    }
    setImmediate(() => {
      turnScheduled = false;
      turnBegan = undefined;
      started = 0;
      if (waiting.length > 0) scheduleTurn();
    });
  }

  app.addHook('onRequest', async () => {
    if (waiting.length === 0 && startIfTime()) return;
    await new Promise<void>((resolve) => {
      waiting.push(resolve);
      scheduleTurn();
    });
  });
});
