import type { FastifyInstance } from 'fastify';
import { telemetryEndpoints as ep } from '@ops/contract/telemetry/telemetry.endpoints';
import { createAddressLimiter } from '../../platform/address-limiter';
import { route } from '../../platform/route';
import { scrub, withoutQuery } from '../../platform/error-reporting';

/** Reports per address and minute; more answer 429 (a broken page in a loop must not flood the log). */
export const CLIENT_ERRORS_PER_MINUTE = 30;

/**
 * Errors the web app reports (POST /api/client-errors/): logged with the
 * request id and caller, and forwarded to ERROR_REPORTING_URL when set.
 * Signed in or not (the sign-in page can fail too); bounded by the
 * endpoint's body limit and a per-address rate limit (shared by the instances on PostgreSQL).
 */
export async function telemetryPlugin(app: FastifyInstance) {
  const limiter = createAddressLimiter({
    max: CLIENT_ERRORS_PER_MINUTE,
    windowMs: 60_000,
    name: 'client-errors',
    counter: app.rateCounter,
  });
  app.addHook('onClose', async () => limiter.close());

  route(app, ep.clientErrors, async ({ request, body, user }) => {
    await limiter.hit(request.ip);

    const report = {
      kind: body.kind,
      message: scrub(body.message),
      stack: body.stack === undefined ? undefined : scrub(body.stack),
      script: body.source === undefined ? undefined : withoutQuery(body.source),
      line: body.line,
      column: body.column,
      page: withoutQuery(body.page),
      release: body.release,
      user_agent: String(request.headers['user-agent'] ?? '').slice(0, 300),
      user_id: user?.id ?? null,
      request_id: request.id,
    };
    request.log.warn({ client_error: report }, 'web app error');
    app.errorReporter?.report({ source: 'web', ...report });
  });
}
