import Fastify from 'fastify';

/** The ceiling: a bare Fastify route with a small JSON body, no database, no validation. */
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ result: { ok: true } }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
