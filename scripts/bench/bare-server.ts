import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/**
 * The ceiling: bare Fastify routes (no database, no validation, no serializer), each answering the
 * very body of the API answer it is compared with (BARE_BODIES names a JSON file of path → body),
 * so size and character mix, and with them the cost of writing the bytes, are the same.
 */
const bodies = JSON.parse(readFileSync(process.env.BARE_BODIES as string, 'utf8')) as Record<string, string>;
const app = Fastify({ logger: false });
// haproxy's health check, when two of these stand behind it as the two instances' ceiling (two-instances.ts).
app.get('/readyz', async (_req, reply) => reply.type('application/json; charset=utf-8').send('{}'));
for (const [path, body] of Object.entries(bodies)) {
  app.get(path, async (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
