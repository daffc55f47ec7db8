import fs from 'node:fs';
import Fastify from 'fastify';
import { jsonCompression } from '../src/plugins/json-compression.ts';

/**
 * The floor of the machine: the same framework, with the same JSON compression, answering each
 * path with a constant body of the real answer's size (FLOOR_BODIES, a JSON map of URL to body).
 */
const bodies = JSON.parse(fs.readFileSync(process.env.FLOOR_BODIES!, 'utf8')) as Record<string, string>;
const app = Fastify({ logger: false });
// Every compression on the loop, large ones too: the floor answers faster so (1,700 against 1,460
// reads a second under the load run), and it is the fastest the machine does.
await app.register(jsonCompression, { offLoopLength: Infinity });
app.get('/*', async (request, reply) => {
  const body = bodies[request.url];
  if (body === undefined) return reply.code(404).send();
  return reply.type('application/json; charset=utf-8').send(body);
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
