import type { z } from 'zod';
import { ERROR_MESSAGES, invalidChoice } from '@ops/contract/common/errors';

export type FieldErrors = { [field: string]: string[] | FieldErrors };

/** An error with an HTTP status and a DRF-shaped body. Services throw these; the error handler answers them. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${statusCode}`);
  }
}

export class ValidationError extends ApiError {
  constructor(readonly fields: FieldErrors) {
    super(400, fields);
  }
  static field(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: [message] });
  }
  static nonField(message: string): ValidationError {
    return new ValidationError({ non_field_errors: [message] });
  }
}

export const notAuthenticated = (detail: string = ERROR_MESSAGES.notAuthenticated) =>
  new ApiError(401, { detail }, { 'WWW-Authenticate': 'Token' });
export const permissionDenied = (detail: string = ERROR_MESSAGES.permissionDenied) => new ApiError(403, { detail });
/** A 403 whose body names a machine-readable `code` beside its `detail` (step-up, a required second factor: spec platform §14.5). */
export const forbiddenWithCode = (body: { detail: string; code: string }) => new ApiError(403, { detail: body.detail, code: body.code });
export const notFound = (detail: string = ERROR_MESSAGES.notFound) => new ApiError(404, { detail });
export const conflict = (detail: string) => new ApiError(409, { detail });
/** 405 naming the methods the path does take in `Allow` (RFC 9110 requires it). */
export const methodNotAllowed = (method: string, allowed: readonly string[]) =>
  new ApiError(405, { detail: `Method "${method}" not allowed.` }, { Allow: allowed.join(', ') });

/** HTTP statuses a module's own errors answer with. */
export type ModuleErrorStatus = 400 | 401 | 403 | 404 | 409 | 503;

/** One entry of a module's error catalogue: its status and its message (a function of the values it names). */
export interface ErrorSpec {
  readonly status: ModuleErrorStatus;
  readonly message: string | ((...values: never[]) => string);
  /** A 400 about the request as a whole answered `{detail}` instead of a field list (the chart API's callers read `detail`). */
  readonly asDetail?: true;
}
type ValuesOf<S extends ErrorSpec> = S['message'] extends (...values: infer V) => string ? V : [];

/** Headers a status always carries, as the platform's helpers send them (`notAuthenticated`, `serviceUnavailable`). */
const STATUS_HEADERS: Partial<Record<ModuleErrorStatus, Record<string, string>>> = {
  401: { 'WWW-Authenticate': 'Token' },
  503: { 'Retry-After': '1' },
};

/**
 * A module's error, named by a code of its catalogue (`defineErrors`), that answers `{detail}`. The
 * error handler answers it as any `ApiError`.
 */
export class ModuleError<C extends string = string> extends ApiError {
  constructor(
    readonly code: C,
    status: ModuleErrorStatus,
    message: string,
  ) {
    super(status, { detail: message }, STATUS_HEADERS[status]);
  }
}

/**
 * A module's 400 naming a field (`non_field_errors` without one), named by a code of its catalogue. A
 * `ValidationError`, so what reads field errors (a job's errors per record, the CLI) reads it too.
 */
export class ModuleFieldError<C extends string = string> extends ValidationError {
  constructor(
    readonly code: C,
    message: string,
    field = 'non_field_errors',
  ) {
    super({ [field]: [message] });
  }
}

/**
 * A module's error catalogue (as twenty's `*.exception.ts`): every code with its status and message in
 * one place. `message` gives the text alone (for field errors collected before one throw), `error` the
 * error to throw, `onField` a 400 naming a field.
 */
export function defineErrors<const T extends Record<string, ErrorSpec>>(catalogue: T) {
  type Code = keyof T & string;
  const spec = (code: Code) => catalogue[code] as ErrorSpec;
  function message<C extends Code>(code: C, ...values: ValuesOf<T[C]>): string {
    const text = spec(code).message;
    return typeof text === 'string' ? text : (text as (...v: unknown[]) => string)(...values);
  }
  // The DRF body is made here, once for every module: a 400 names its field (unless `asDetail`), other statuses carry `detail`.
  function build<C extends Code>(code: C, text: string, field?: string): ModuleError<C> | ModuleFieldError<C> {
    const { status, asDetail } = spec(code);
    return status === 400 && !asDetail ? new ModuleFieldError(code, text, field) : new ModuleError(code, status, text);
  }
  return {
    codes: Object.keys(catalogue) as Code[],
    message,
    error: <C extends Code>(code: C, ...values: ValuesOf<T[C]>) => build(code, message(code, ...values)),
    onField: <C extends Code>(field: string, code: C, ...values: ValuesOf<T[C]>) => build(code, message(code, ...values), field),
  };
}

/** Errors every module answers alike (DRF's wording). */
export const COMMON_ERRORS = defineErrors({
  INVALID_PK: { status: 400, message: (id: string) => `Invalid pk "${id}" - object does not exist.` },
  INVALID_CHOICE: { status: 400, message: (value: string) => invalidChoice(value) },
  REQUIRED: { status: 400, message: ERROR_MESSAGES.required },
  NOT_FOUND: { status: 404, message: ERROR_MESSAGES.notFound },
  PERMISSION_DENIED: { status: 403, message: ERROR_MESSAGES.permissionDenied },
});

/** DRF's message for an id that names no (visible) object. */
export const invalidPk = (id: string) => COMMON_ERRORS.message('INVALID_PK', id);

/** Python's name for a JSON value's type, as DRF puts it in "Expected a dictionary, but got <type>.". */
function pythonTypeName(value: unknown): string {
  if (value === null) return 'NoneType';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'string') return 'str';
  return 'dict';
}

/** A JSON body that had to be an object and is not (DRF's Serializer `invalid` message). */
export const notADictionary = (value: unknown) =>
  ValidationError.nonField(`Invalid data. Expected a dictionary, but got ${pythonTypeName(value)}.`);
export const throttled = (seconds: number) =>
  new ApiError(
    429,
    { detail: ERROR_MESSAGES.throttled.replace('{seconds}', String(seconds)) },
    { 'Retry-After': String(seconds) },
  );
export const serviceUnavailable = () =>
  new ApiError(503, { detail: ERROR_MESSAGES.serviceUnavailable }, { 'Retry-After': '1' });

// 57014: statement_timeout cancelled a statement (the server never cancels one for another reason).
const CONNECTION_CODES = new Set([
  '57014',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
]);
const CONNECTION_MESSAGES =
  /Connection terminated|Connection ended unexpectedly|Client has encountered a connection error|timeout exceeded when trying to connect|Client was closed|Query read timeout/i;

/**
 * A lost or refused database connection (the server restarted, an operator
 * or failover ended the backend, the network dropped): the request did not
 * complete and may be retried, so it answers 503, never 500. So does a
 * database that does not answer in time (DB_STATEMENT_TIMEOUT_SECONDS, pool
 * connect timeout): a statement blocked on a lock, an overloaded server. pg reports some
 * of these with a code and some only by message; drizzle wraps them as cause.
 */
export function isConnectionLoss(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
  if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true;
  return isConnectionLoss(cause, depth + 1);
}

/** Turns zod issues into DRF's `{"field": ["message"]}` (nested objects for nested fields). */
export function zodIssuesToFieldErrors(issues: readonly z.core.$ZodIssue[], root = 'non_field_errors'): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const pathParts = issue.path.length ? issue.path.map(String) : [root];
    let node: FieldErrors = errors;
    for (const part of pathParts.slice(0, -1)) {
      const next = node[part];
      if (!next || Array.isArray(next)) node[part] = {};
      node = node[part] as FieldErrors;
    }
    const leaf = pathParts[pathParts.length - 1]!;
    const list = Array.isArray(node[leaf]) ? (node[leaf] as string[]) : (node[leaf] = []);
    const message = drfMessage(issue);
    if (!list.includes(message)) list.push(message);
  }
  return errors;
}

function drfMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && (issue as { input?: unknown }).input === undefined) return ERROR_MESSAGES.required;
  if (issue.code === 'invalid_type' && (issue as { input?: unknown }).input === null) return 'This field may not be null.';
  if (issue.code === 'invalid_type') {
    const expected = issue.expected;
    if (expected === 'number' || expected === 'int') return ERROR_MESSAGES.number;
    if (expected === 'boolean') return ERROR_MESSAGES.boolean;
    if (expected === 'string') return 'Not a valid string.';
    if (expected === 'array') return `Expected a list of items but got type "${typeof (issue as { input?: unknown }).input}".`;
    if (expected === 'object') return 'Invalid data. Expected a dictionary.';
    return issue.message;
  }
  if (issue.code === 'unrecognized_keys') return issue.message;
  if (issue.code === 'too_big' && issue.origin === 'string' && !issue.message.startsWith('Ensure'))
    return `Ensure this field has no more than ${issue.maximum} characters.`;
  if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1 && !issue.message.startsWith('Ensure'))
    return ERROR_MESSAGES.blank;
  if (issue.code === 'too_big' && issue.origin === 'number' && !issue.message.startsWith('Ensure'))
    return `Ensure this value is less than or equal to ${issue.maximum}.`;
  if (issue.code === 'too_small' && issue.origin === 'number' && !issue.message.startsWith('Ensure'))
    return `Ensure this value is greater than or equal to ${issue.minimum}.`;
  if (issue.code === 'invalid_value' && !issue.message.includes('valid choice'))
    return invalidChoice((issue as { input?: unknown }).input);
  return issue.message;
}

const constraintMessages = new Map<string, { field: string; message: string }>();

/** Names the field and message a unique or check constraint violation answers with. */
export function registerConstraintMessage(constraint: string, field: string, message: string): void {
  constraintMessages.set(constraint, { field, message });
}

/** What a PostgreSQL error (pg's or PGlite's) tells about itself: its SQLSTATE and where it happened. */
export interface DatabaseError {
  code?: string;
  column?: string;
  constraint?: string;
  detail?: string;
}

/** The database error an error is, read field by field (a string or nothing), or undefined when it has no string code. */
export function databaseErrorOf(error: unknown): DatabaseError | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const text = (key: keyof DatabaseError): string | undefined => {
    const value: unknown = Reflect.get(error, key);
    return typeof value === 'string' ? value : undefined;
  };
  const code = text('code');
  return code === undefined ? undefined : { code, column: text('column'), constraint: text('constraint'), detail: text('detail') };
}

/** PostgreSQL errors that are the caller's fault become 400s naming the column; nothing raw leaks out. */
export function mapDatabaseError(error: DatabaseError): ApiError | undefined {
  const constraint = error.constraint ?? '';
  const known = constraintMessages.get(constraint);
  if (known && (error.code === '23505' || error.code === '23514')) return ValidationError.field(known.field, known.message);
  switch (error.code) {
    case '23505': {
      const field = /\(([^)]+)\)=/.exec(error.detail ?? '')?.[1]?.replace(/^lower\((.*)\)$/, '$1') ?? 'non_field_errors';
      return ValidationError.field(field.split(',')[0]!.trim(), 'A record with this value already exists.');
    }
    case '23503':
      return error.detail?.includes('is still referenced')
        ? conflict('This record is still referenced by other records.')
        : ValidationError.field(
            /\(([^)]+)\)=/.exec(error.detail ?? '')?.[1] ?? 'non_field_errors',
            'The referenced record does not exist.',
          );
    case '23502':
      return ValidationError.field(error.column ?? 'non_field_errors', ERROR_MESSAGES.required);
    case '23514':
      return ValidationError.field(
        constraint.replace(/_ck$/, '').split('_').pop() ?? 'non_field_errors',
        'Value is out of the allowed range.',
      );
    case '22021':
    case '22P05':
      return ValidationError.nonField(ERROR_MESSAGES.nullCharacters);
    case '22001':
      return ValidationError.nonField('A value is too long.');
    case '22003':
      return ValidationError.nonField('A number is out of range.');
    case '22P02':
    case '22007':
    case '22008':
      return ValidationError.nonField('A value has the wrong format.');
    default:
      return undefined;
  }
}
