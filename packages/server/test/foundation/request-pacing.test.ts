import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { requestPacing, STARTS_PER_TURN, TURN_BUDGET_MS } from '../../src/plugins/request-pacing.ts';
import { loopTurns } from '../loop-turns.ts';

/** A server whose route notes the turn of the event loop each request starts in (loopTurns). */
async function turnCountingServer() {
  const turns = loopTurns();
  const startedIn: { id: number; turn: number }[] = [];
  let onBusy: (() => void) | undefined;
  const app = Fastify();
  await app.register(requestPacing);
  app.get('/work/:id', async (request) => {
    const id = Number((request.params as { id: string }).id);
    startedIn.push({ id, turn: turns.turn });
    return { id };
  });
  // Holds the loop `ms`, as a request's synchronous queries and compression do.
  app.get('/busy/:id/:ms', async (request) => {
    const { id, ms } = request.params as { id: string; ms: string };
    startedIn.push({ id: Number(id), turn: turns.turn });
    const until = performance.now() + Number(ms);
    while (performance.now() < until);
    onBusy?.();
    return { id: Number(id) };
  });
  await app.ready();
  return {
    app,
    startedIn,
    get turn() {
      return turns.turn;
    },
    /** Called by a busy request once it has held the loop. */
    set onBusy(call: (() => void) | undefined) {
      onBusy = call;
    },
    stop: () => {
      turns.stop();
      return app.close();
    },
  };
}

let server: Awaited<ReturnType<typeof turnCountingServer>> | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe('request pacing', () => {
  it('starts a few requests per turn of the event loop when many arrive at once, in arrival order', async () => {
    server = await turnCountingServer();
    const count = STARTS_PER_TURN * 3 + 1;
    const answers = await Promise.all(
      Array.from({ length: count }, (_, id) => server!.app.inject({ url: `/work/${id}` })),
    );

    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: count }, () => 200));
    expect(answers.map((answer) => answer.json<{ id: number }>().id)).toEqual(
      Array.from({ length: count }, (_, id) => id),
    );
    const order = server.startedIn.map(({ id }) => id);
    expect(order).toEqual(Array.from({ length: count }, (_, id) => id));
    const perTurn = new Map<number, number>();
    for (const { turn } of server.startedIn) perTurn.set(turn, (perTurn.get(turn) ?? 0) + 1);
    expect(Math.max(...perTurn.values())).toBe(STARTS_PER_TURN);
    expect(perTurn.size).toBe(Math.ceil(count / STARTS_PER_TURN));
  });

  it('leaves the loop once a turn has spent its time, so slow answers share the turns with the rest', async () => {
    server = await turnCountingServer();
    // Each answer holds the loop for more than half the budget: a turn starts two at most.
    const busyMs = Math.ceil((TURN_BUDGET_MS * 3) / 5);
    const count = 10;
    // They arrive while a first request holds the loop past the budget, so the turns start them all.
    let burst: Promise<{ statusCode: number }[]> | undefined;
    server.onBusy = () => {
      server!.onBusy = undefined;
      burst = Promise.all(
        Array.from({ length: count }, (_, i) => server!.app.inject({ url: `/busy/${i + 1}/${busyMs}` })),
      );
    };
    await server.app.inject({ url: `/busy/0/${TURN_BUDGET_MS}` });
    const answers = await burst!;

    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: count }, () => 200));
    const order = server.startedIn.map(({ id }) => id);
    expect(order).toEqual(Array.from({ length: count + 1 }, (_, id) => id));
    const perTurn = new Map<number, number>();
    for (const { turn } of server.startedIn.slice(1)) perTurn.set(turn, (perTurn.get(turn) ?? 0) + 1);
    expect(Math.max(...perTurn.values())).toBeLessThanOrEqual(2);
  });

  it('starts a request at once when the loop is not busy', async () => {
    server = await turnCountingServer();
    for (const id of [1, 2, 3]) {
      const turnBefore = server.turn;
      const answer = await server.app.inject({ url: `/work/${id}` });
      expect(answer.statusCode).toBe(200);
      expect(server.startedIn.at(-1)).toEqual({ id, turn: turnBefore });
      // Another turn passes, as it would between two visitors.
      await new Promise((resolve) => setImmediate(resolve));
    }
  });
});
