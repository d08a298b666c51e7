import type { FastifyBaseLogger } from 'fastify';

/**
 * Error reporting: unhandled server errors (the 500s) and errors the web app
 * reports are posted as JSON to ERROR_REPORTING_URL (off when unset), for an
 * error tracker or a small relay in front of one. Fire and forget: a slow or
 * down receiver never holds up a request (5 s timeout, at most 20 posts in
 * flight, the rest dropped and counted in the log). What is sent is scrubbed:
 * no headers, bodies or query strings, and credential-looking values in
 * messages and stacks are replaced.
 */
export interface ErrorReport {
  source: 'server' | 'web';
  message: string;
  [field: string]: unknown;
}

export interface ErrorReporter {
  report(event: ErrorReport): void;
  /** Waits for posts in flight (shutdown, tests). */
  settle(): Promise<void>;
}

const MAX_IN_FLIGHT = 20;

const SECRET_PATTERNS: [RegExp, string][] = [
  [/\b(Token|Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/gi, '$1 [redacted]'],
  [
    /\b(token|password|passwd|secret|api[_-]?key|authorization|sessionid|csrftoken)(["']?\s*[:=]\s*["']?)[^\s"'&,;]+/gi,
    '$1$2[redacted]',
  ],
  [/\b[A-Fa-f0-9]{32,}\b/g, '[redacted]'],
];

/** Credential-looking values out of a text. */
export function scrub(text: string): string {
  return SECRET_PATTERNS.reduce((value, [pattern, replacement]) => value.replace(pattern, replacement), text);
}

/** A URL without its query string and fragment (where tokens travel). */
export const withoutQuery = (url: string) => url.split(/[?#]/)[0]!;

export function createErrorReporter(options: { url: string; service: string; log: FastifyBaseLogger }): ErrorReporter {
  const inFlight = new Set<Promise<void>>();
  let dropped = 0;
  return {
    report(event) {
      if (inFlight.size >= MAX_IN_FLIGHT) {
        dropped += 1;
        if (dropped === 1 || dropped % 100 === 0) options.log.warn({ dropped }, 'error reports dropped (receiver too slow)');
        return;
      }
      const body = JSON.stringify({
        ...event,
        message: scrub(String(event.message)).slice(0, 2000),
        ...(typeof event.stack === 'string' ? { stack: scrub(event.stack).slice(0, 8000) } : {}),
        service: options.service,
        time: new Date().toISOString(),
      });
      const post: Promise<void> = fetch(options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(5000),
      })
        .then(async (response) => {
          await response.arrayBuffer();
          if (!response.ok) options.log.warn({ status: response.status }, 'error report refused');
        })
        .catch((error: unknown) => options.log.warn({ err: error }, 'error report failed'))
        .finally(() => inFlight.delete(post));
      inFlight.add(post);
    },
    async settle() {
      await Promise.all([...inFlight]);
    },
  };
}
