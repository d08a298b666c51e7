import type { ClientError } from '@ops/contract/telemetry/telemetry.endpoints';
import { getToken } from '../api/auth-token';
import { configureErrorReporter } from './report-error';

/**
 * The contract's `telemetryEndpoints.clientErrors.path`, written out: this module runs on every
 * page, and importing the endpoint would pull zod into the sign-in page's initial JavaScript
 * (the bundle budget test refuses that). client-errors.test.ts checks the two agree.
 */
export const CLIENT_ERRORS_PATH = '/api/client-errors/';

/** At most this many reports per page load; the same error is reported once. */
const MAX_REPORTS = 10;

/**
 * Reports uncaught errors, unhandled promise rejections and reportError() calls to the server
 * (POST /api/client-errors/), which logs them and forwards them to the error
 * tracker. Plain fetch with keepalive (it must work while the app itself is
 * broken, and survive a navigation); a failed report is dropped.
 */
export function installErrorReporting(target: Window = window): () => void {
  let sent = 0;
  const seen = new Set<string>();
  const send = (report: Omit<ClientError, 'page'>) => {
    const key = `${report.kind}|${report.message}|${report.source ?? ''}|${report.line ?? ''}`;
    if (sent >= MAX_REPORTS || seen.has(key)) return;
    seen.add(key);
    sent += 1;
    const token = getToken();
    const body: ClientError = {
      ...report,
      message: report.message.slice(0, 2000) || 'Unknown error',
      ...(report.stack ? { stack: report.stack.slice(0, 8000) } : {}),
      ...(report.source ? { source: report.source.slice(0, 2000) } : {}),
      page: target.location.pathname.slice(0, 2000),
    };
    void fetch(CLIENT_ERRORS_PATH, {
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Token ${token}` } : {}) },
      body: JSON.stringify(body),
    }).catch(() => undefined);
  };
  const onError = (event: ErrorEvent) => {
    const error = event.error as { stack?: unknown } | undefined;
    send({
      kind: 'error',
      message: String(event.message || error || 'Unknown error'),
      ...(typeof error?.stack === 'string' ? { stack: error.stack } : {}),
      ...(event.filename ? { source: event.filename } : {}),
      ...(event.lineno ? { line: event.lineno } : {}),
      ...(event.colno ? { column: event.colno } : {}),
    });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    const reason = event.reason as { message?: unknown; stack?: unknown } | undefined;
    send({
      kind: 'unhandledrejection',
      message: String(typeof reason?.message === 'string' ? reason.message : reason),
      ...(typeof reason?.stack === 'string' ? { stack: reason.stack } : {}),
    });
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  // Errors the app handles itself but wants known (reportError()) go the same way.
  configureErrorReporter((error, context) => {
    const { message, stack } = (error ?? {}) as { message?: unknown; stack?: unknown };
    const what = typeof message === 'string' ? message : String(error);
    send({
      kind: 'reported',
      message: context ? `${what} ${JSON.stringify(context).slice(0, 500)}` : what,
      ...(typeof stack === 'string' ? { stack } : {}),
    });
  });
  return () => {
    configureErrorReporter(null);
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
