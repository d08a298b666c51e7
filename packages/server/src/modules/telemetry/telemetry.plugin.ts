import type { FastifyInstance } from 'fastify';
import { telemetryEndpoints as ep } from '@ops/contract/telemetry/telemetry.endpoints';
import { throttled } from '../../platform/errors';
import { route } from '../../platform/route';
import { scrub, withoutQuery } from '../../platform/error-reporting';

/** Reports per address and minute; more answer 429 (a broken page in a loop must not flood the log). */
export const CLIENT_ERRORS_PER_MINUTE = 30;
const WINDOW_MS = 60_000;

/**
 * Errors the web app reports (POST /api/client-errors/): logged with the
 * request id and caller, and forwarded to ERROR_REPORTING_URL when set.
 * Signed in or not (the sign-in page can fail too); bounded by the
 * endpoint's body limit and a per-address rate limit kept in this process.
 */
export async function telemetryPlugin(app: FastifyInstance) {
  const windows = new Map<string, { start: number; count: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [address, window] of windows) if (now - window.start >= WINDOW_MS) windows.delete(address);
  }, WINDOW_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  route(app, ep.clientErrors, ({ request, body, user }) => {
    const now = Date.now();
    let window = windows.get(request.ip);
    if (!window || now - window.start >= WINDOW_MS) windows.set(request.ip, (window = { start: now, count: 0 }));
    window.count += 1;
    if (window.count > CLIENT_ERRORS_PER_MINUTE) throw throttled(Math.max(1, Math.ceil((window.start + WINDOW_MS - now) / 1000)));

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
