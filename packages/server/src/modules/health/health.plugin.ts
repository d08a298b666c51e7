import type { FastifyInstance } from 'fastify';

/** Liveness and readiness: outside /api/ and the route table, open to load balancers. */
export async function healthPlugin(app: FastifyInstance) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await app.database.query('select 1');
      return { status: 'ready', database: app.database.engine };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply.code(503).send({ status: 'unavailable', detail: 'Database is not reachable.' });
    }
  });
}
