import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database.ts';
import { createHealthRepository } from './health.repository.ts';

/** Liveness and readiness for load balancers. Readiness fails while shutting down or without a database. */
export const healthRoutes: FastifyPluginAsync<{ db: Db; isShuttingDown: () => boolean }> = async (app, { db, isShuttingDown }) => {
  const repo = createHealthRepository(db);
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    if (isShuttingDown()) return reply.code(503).send({ status: 'shutting-down' });
    try {
      await repo.ping();
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'database-unavailable' });
    }
  });
};
