/**
 * The error-reporting hook. A no-op until a reporter is configured (for
 * example a Sentry-like client installed at start-up), so callers can report
 * unconditionally.
 */
export type ErrorReporter = (error: unknown, context?: Record<string, unknown>) => void;

let reporter: ErrorReporter | null = null;

export function configureErrorReporter(next: ErrorReporter | null) {
  reporter = next;
}

export function reportError(error: unknown, context?: Record<string, unknown>) {
  reporter?.(error, context);
}
