import { createRequest, sendResponse } from '@remix-run/node-fetch-server';
import Fastify from 'fastify';
import { createRequestHandler } from 'react-router';
import { build } from './build.ts';

/** The minimal SSR page, served as the app serves its pages: Fastify, a catch-all route, React Router's handler. */
const handle = createRequestHandler(build, 'production');
const app = Fastify({ logger: false });
app.get('/*', async (req, reply) => {
  const response = await handle(createRequest(req.raw, reply.raw));
  reply.hijack();
  await sendResponse(reply.raw, response);
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
