import fp from 'fastify-plugin';
import { MESSAGES } from '@coulisses/domain/messages';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Stops taking new requests (they get 503) and resolves once every request in flight has
     * answered; the caller bounds the wait. The server keeps listening meanwhile, so a client
     * hears "try again" rather than a refused connection.
     */
    drain(): Promise<void>;
  }
}

/** Graceful shutdown: requests already running finish, new ones are told to come back. */
export const draining = fp(async (app) => {
  let inFlight = 0;
  let draining = false;
  let settled: (() => void) | undefined;

  app.addHook('onRequest', async (request, reply) => {
    if (draining) {
      return reply
        .status(503)
        .header('connection', 'close')
        .header('retry-after', '5')
        .send({ error: { code: 'service_unavailable', message: MESSAGES.shuttingDown } });
    }
    inFlight += 1;
    reply.raw.once('close', () => {
      inFlight -= 1;
      if (draining && inFlight === 0) settled?.();
    });
  });

  app.decorate('drain', () => {
    draining = true;
    if (inFlight === 0) return Promise.resolve();
    return new Promise<void>((resolve) => (settled = resolve));
  });
});
