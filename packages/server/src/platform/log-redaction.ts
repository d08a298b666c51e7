/**
 * What error logs may carry. Database errors arrive with their SQL parameters (Drizzle puts
 * them in the message, the stack and `params`) and PostgreSQL echoes values in `detail` and in
 * messages (`invalid input syntax for type uuid: "..."`, `Key (email)=(...)`): token digests,
 * e-mail addresses, names. Logs keep the statement's name and shape, never its values.
 */

/** Pino redaction paths: credentials wherever a log object names them. */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrftoken"]',
  'res.headers["set-cookie"]',
  'password',
  '*.password',
  'token',
  '*.token',
  'digest',
  '*.digest',
  'params',
  '*.params',
];

const HEX_SECRET = /\b[0-9a-f]{32,}\b/gi;
const EMAIL = /[^\s"'<>()@,;:]+@[^\s"'<>()@,;:]+\.[a-z]{2,}/gi;

/** Hex strings as long as a token or digest, and e-mail addresses, wherever they appear. */
export function redactSecrets(text: string): string {
  return text.replace(HEX_SECRET, '[redacted]').replace(EMAIL, '[email]');
}

/** A database message without the values it quotes: `"abc"` -> `"?"`, `(email)=(x)` -> `(email)=(?)`. */
export function redactDatabaseMessage(text: string): string {
  return redactSecrets(text)
    .replace(/"[^"]*"/g, '"?"')
    .replace(/'[^']*'/g, "'?'")
    .replace(/\)=\([^)]*\)/g, ')=(?)');
}

/** `insert helpdesk_ticket`, `select auth_token`: the verb and first table of a statement. */
export function statementName(query: string): string {
  const text = query.replace(/\s+/g, ' ').trim();
  const verb = /^(?:with\b.*?\)\s*)?(select|insert|update|delete|copy|create|alter|drop|lock|truncate|begin|commit|rollback|savepoint|set|show|listen|notify)\b/i.exec(text)?.[1]?.toLowerCase() ?? 'statement';
  const table = /\b(?:from|into|update|table|join)\s+"?([a-z_][a-z0-9_]*)"?/i.exec(text)?.[1];
  return table ? `${verb} ${table}` : verb;
}

const DATABASE_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'schema', 'dataType', 'routine'] as const;

function isDatabaseError(error: Record<string, unknown>): boolean {
  return typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && ('severity' in error || 'routine' in error);
}

function stackFrames(stack: unknown): string {
  return typeof stack === 'string' ? stack.split('\n').filter((line) => /^\s+at /.test(line)).join('\n') : '';
}

/** Pino serializer for `err`: type, redacted message and stack, database fields by name only. */
export type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

export function serializeError(value: unknown, depth = 0): SerializedError {
  if (!value || typeof value !== 'object') return { type: typeof value, message: redactSecrets(String(value)), stack: '' };
  const error = value as Record<string, unknown> & { name?: string; message?: unknown; stack?: unknown; cause?: unknown };
  const type = (error.constructor as { name?: string } | undefined)?.name ?? error.name ?? 'Error';
  const out: SerializedError = { type, message: '', stack: '' };
  let message: string;
  if (typeof error.query === 'string' && 'params' in error) {
    // Drizzle's "Failed query: <sql>\nparams: <values>".
    out.statement = statementName(error.query);
    out.sql = redactDatabaseMessage(error.query).slice(0, 2000);
    out.paramCount = Array.isArray(error.params) ? error.params.length : 0;
    message = `Failed query: ${out.statement}`;
  } else if (isDatabaseError(error)) {
    for (const field of DATABASE_FIELDS) if (typeof error[field] === 'string') out[field] = error[field];
    message = redactDatabaseMessage(String(error.message ?? ''));
  } else {
    message = redactSecrets(String(error.message ?? ''));
  }
  out.message = message;
  if (typeof error.code === 'string' && out.code === undefined) out.code = error.code;
  if (typeof error.statusCode === 'number') out.statusCode = error.statusCode;
  const frames = stackFrames(error.stack);
  out.stack = `${type}: ${message}${frames ? `\n${frames}` : ''}`;
  if (error.cause !== undefined && depth < 3) out.cause = serializeError(error.cause, depth + 1);
  return out;
}
