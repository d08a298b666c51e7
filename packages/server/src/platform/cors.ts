import type { FastifyInstance } from 'fastify';

/**
 * CORS is closed unless CORS_ORIGINS lists origins: the web app is served from
 * the same origin, so only other front ends need it. Credentials are allowed
 * for listed origins only (cookies plus the CSRF header).
 */
export function registerCors(app: FastifyInstance, allowedOrigins: string[]): void {
  if (!allowedOrigins.length) return;
  const allowed = new Set(allowedOrigins);
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin || !allowed.has(origin)) return;
    reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Access-Control-Allow-Credentials', 'true');
    reply.header('Vary', 'Origin');
    // Conditional writes (platform.md 14.6): a front end on another origin reads the ETag and sends If-Match.
    reply.header('Access-Control-Expose-Headers', 'ETag');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      reply
        .header('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE')
        .header('Access-Control-Allow-Headers', 'Authorization, Content-Type, X-CSRFToken, X-Timezone, Last-Event-ID, If-Match')
        .header('Access-Control-Max-Age', '600')
        .code(204)
        .send();
    }
  });
}
