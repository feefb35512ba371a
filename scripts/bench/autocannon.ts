import { createRequire } from 'node:module';
import autocannon from 'autocannon';

/**
 * autocannon appends every chunk of every answer's body to a string (`req.body += data`), for a
 * request's `onResponse`, which no run here uses. That decodes each body as UTF-8: cheap for a plain
 * page, but a compressed one is binary, and decoding it took the load generator more of its core
 * than the page took the server's (a member's gzip page: 167 µs of server time each, the generator
 * at 100 % of its core and the server at 58 %). The bench measured its own load generator there.
 * Bodies are counted, not kept: throughput and latency are measured as before.
 */
const PipelinedRequestsQueue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js') as {
  prototype: { addBody(data: Buffer): void };
};
PipelinedRequestsQueue.prototype.addBody = () => {};

export default autocannon;
