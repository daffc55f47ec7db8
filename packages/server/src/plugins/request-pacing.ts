import fp from 'fastify-plugin';

/**
 * Requests started in one turn of the event loop when more are waiting. A request's own work runs
 * start to end on the loop (its SQLite queries and its compression are synchronous, a few
 * milliseconds in all), so this bounds each turn to a few tens of milliseconds however many
 * clients press at once (docs/decisions/028-paced-requests.md).
 */
export const STARTS_PER_TURN = 4;

/**
 * Paces the start of requests: when the loop is busy, at most `perTurn` requests start per turn and
 * the others wait for the next turns, in arrival order. Between two turns the loop reads sockets,
 * so an upload's body keeps coming in, timers fire on time, and the work handed to threads
 * (images, password hashing) comes back, instead of all waiting behind a hundred answers computed
 * in a row. When the loop is not busy, a request starts at once.
 */
export const requestPacing = fp<{ perTurn?: number }>(async (app, options) => {
  const perTurn = options.perTurn ?? STARTS_PER_TURN;
  let started = 0;
  let turnScheduled = false;
  const waiting: (() => void)[] = [];

  function nextTurn() {
    turnScheduled = false;
    started = 0;
    while (started < perTurn && waiting.length > 0) {
      started += 1;
      waiting.shift()!();
    }
    if (started > 0) scheduleTurn();
  }

  // setImmediate runs after the sockets of this turn have been read, once per turn.
  function scheduleTurn() {
    if (turnScheduled) return;
    turnScheduled = true;
    setImmediate(nextTurn);
  }

  app.addHook('onRequest', async () => {
    scheduleTurn();
    if (started < perTurn && waiting.length === 0) {
      started += 1;
      return;
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  });
});
