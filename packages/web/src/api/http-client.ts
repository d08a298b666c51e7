import type { z } from 'zod';
import type { EndpointDefinition } from '@ops/contract/common/endpoint';
import { clearToken, getToken } from './auth-token';
import { rememberTag } from './entity-tags';
import { markApiReachable, markApiUnreachable, NetworkError } from './connectivity';

/** A non-2xx answer, carrying the DRF-shaped body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(apiErrorMessage(status, body));
    this.name = 'ApiError';
  }
}

/** The first human-readable message of a DRF-shaped error body. */
export function apiErrorMessage(status: number, body: unknown): string {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    if (typeof record.detail === 'string') return record.detail;
    const nonField = record.non_field_errors;
    if (Array.isArray(nonField) && typeof nonField[0] === 'string') return nonField[0];
    for (const [field, value] of Object.entries(record)) {
      if (Array.isArray(value) && typeof value[0] === 'string') return `${field}: ${value[0]}`;
    }
  }
  return `Request failed (${status}).`;
}

/**
 * A success answer that is not JSON where the endpoint answers JSON: something between the browser
 * and the API (a proxy's page, a misrouted request) answered instead. The browser does not parse
 * answers with the contract's schemas, so this is the one shape check it keeps.
 */
export class UnexpectedAnswerError extends Error {
  constructor(what: string) {
    super(`The server's answer to ${what} could not be read.`);
    this.name = 'UnexpectedAnswerError';
  }
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => clearToken();

/** The session layer decides what a 401 means for the UI (sign out, go to /login). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler) {
  onUnauthorized = handler;
}

/** The `code` of a 403 body (`step_up_required`, `mfa_setup_required`), if it has one. */
export function forbiddenCode(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 403) return undefined;
  const code = (error.body as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Step-up (spec platform §14.5): a sensitive action answers 403 `step_up_required` when the
 * user's last password or second-factor check is older than STEP_UP_SECONDS. The app registers a
 * handler that asks "Confirm it is you" (a dialog loaded on first use) and answers whether the
 * check succeeded; the request is then sent once more. Concurrent refusals share one dialog.
 */
type StepUpHandler = () => Promise<boolean>;
let onStepUpRequired: StepUpHandler | null = null;
let pendingStepUp: Promise<boolean> | null = null;
export function setStepUpHandler(handler: StepUpHandler | null) {
  onStepUpRequired = handler;
}
function stepUp(): Promise<boolean> {
  if (!onStepUpRequired) return Promise.resolve(false);
  pendingStepUp ??= onStepUpRequired()
    .catch(() => false)
    .finally(() => {
      pendingStepUp = null;
    });
  return pendingStepUp;
}

/**
 * A user whose type must have a second factor (MFA_REQUIRED_USER_TYPES) and has none gets 403
 * `mfa_setup_required` from everything but the second-factor setup: the app sends them there.
 */
type MfaSetupHandler = () => void;
let onMfaSetupRequired: MfaSetupHandler = () => undefined;
export function setMfaSetupHandler(handler: MfaSetupHandler) {
  onMfaSetupRequired = handler;
}

export interface RequestOptions {
  method?: string;
  query?: Record<string, string | number | undefined>;
  json?: unknown;
  form?: FormData;
  signal?: AbortSignal;
  /** Requests made without a token (sign-in) never trigger the 401 sign-out. */
  anonymous?: boolean;
  /**
   * Sent as the page closes (`pagehide`): the browser keeps the request going after the page is gone
   * (fetch `keepalive`), where a plain request may be cancelled with the page before it is sent. Only
   * bodies within the browsers' keepalive quota (64 KiB) can be sent so; a larger one goes as usual.
   */
  keepalive?: boolean;
  /** A write's condition: the entity tag of the record as the form showed it (answered 412 when it changed since). */
  ifMatch?: string;
  /** Answer a 403 `step_up_required` as it is (the step-up call itself, and the one retry after it). */
  noStepUp?: boolean;
}

/** Under the 64 KiB browsers allow all of a page's keepalive requests together. */
const KEEPALIVE_MAX_BYTES = 32 * 1024;

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** One HTTP call to our API; answers the parsed JSON body (undefined for 204). */
export async function apiRequest(path: string, options: RequestOptions = {}): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = options.anonymous ? null : getToken();
  if (token) headers.Authorization = `Token ${token}`;
  if (options.ifMatch) headers['If-Match'] = options.ifMatch;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
      ...(options.keepalive && typeof body === 'string' && new TextEncoder().encode(body).length <= KEEPALIVE_MAX_BYTES ? { keepalive: true } : {}),
    });
  } catch (error) {
    // An aborted request is the caller's choice; anything else means no answer came.
    if (options.signal?.aborted || (error instanceof DOMException && error.name === 'AbortError')) throw error;
    markApiUnreachable();
    throw new NetworkError(error);
  }
  markApiReachable();
  const text = response.status === 204 ? '' : await response.text();
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  // A detail's (or a write's) entity tag goes with its body; a 412's with the record as it is now.
  const tag = response.headers.get('ETag');
  if (response.status === 412 && parsed && typeof parsed === 'object') rememberTag((parsed as { current?: unknown }).current, tag);
  else rememberTag(parsed, tag);
  if (!response.ok) {
    if (response.status === 401 && token) onUnauthorized();
    const error = new ApiError(response.status, parsed);
    const code = forbiddenCode(error);
    if (code === 'mfa_setup_required') onMfaSetupRequired();
    // Confirmed: the same request once more (a keepalive one is sent as the page closes: no dialog then).
    if (code === 'step_up_required' && token && !options.noStepUp && !options.keepalive && !options.signal?.aborted && (await stepUp())) {
      return apiRequest(path, { ...options, noStepUp: true });
    }
    throw error;
  }
  return parsed;
}

/** An authenticated request for a binary resource (profile picture), as an object URL. */
export async function apiBlobUrl(path: string, signal?: AbortSignal): Promise<string> {
  const token = getToken();
  const response = await fetch(path, { headers: token ? { Authorization: `Token ${token}` } : {}, signal });
  if (!response.ok) {
    if (response.status === 401 && token) onUnauthorized();
    throw new ApiError(response.status, null);
  }
  return URL.createObjectURL(await response.blob());
}

/**
 * An authenticated download (a person's data ZIP): answers the file and the name the server gave it.
 * A 403 `step_up_required` asks "Confirm it is you" and tries once more, as `apiRequest` does.
 */
export async function apiDownload(path: string, retried = false): Promise<{ blob: Blob; filename: string | null }> {
  const token = getToken();
  const response = await fetch(path, { headers: token ? { Authorization: `Token ${token}` } : {} });
  if (!response.ok) {
    if (response.status === 401 && token) onUnauthorized();
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    const error = new ApiError(response.status, body);
    if (!retried && token && forbiddenCode(error) === 'step_up_required' && (await stepUp())) return apiDownload(path, true);
    throw error;
  }
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? null;
  return { blob: await response.blob(), filename };
}

type SuccessSchema<E extends EndpointDefinition> = E['responses'] extends { 200: infer S }
  ? S
  : E['responses'] extends { 201: infer S }
    ? S
    : E['responses'] extends { 202: infer S }
      ? S
      : null;
/**
 * What a call answers: the success schema's input type, which is what the server sends (its handlers
 * return `z.input` of the schema). The answer is not parsed in the browser, so nothing a schema would
 * add (a `.default`) or convert is in it.
 */
export type EndpointResult<E extends EndpointDefinition> = SuccessSchema<E> extends z.ZodType ? z.input<SuccessSchema<E>> : void;
type Input<T> = T extends z.ZodType ? z.input<T> : never;

declare const definition: unique symbol;

/**
 * What the browser needs to call an endpoint: its method and path (`endpoint-routes.ts`, generated
 * from the contract). The contract's definition rides along as a type only, for the call's
 * parameters and its answer: a route carries no zod schema, so none loads with a page.
 */
export interface EndpointRoute<E extends EndpointDefinition = EndpointDefinition> {
  readonly method: E['method'];
  readonly path: E['path'];
  /** The permission model the endpoint checks (`client`), when it checks one. */
  readonly model?: string;
  /** Never set: the definition this route stands for, as a type. */
  readonly [definition]?: E;
}

/** The contract definition a route stands for; a definition stands for itself. Distributes over unions (`staff ? a : b`). */
export type DefinitionOf<R> = R extends EndpointDefinition ? R : R extends EndpointRoute<infer E extends EndpointDefinition> ? E : never;

/** A contract endpoint group as routes (nested groups too: `jobEndpoints.bulk`). */
export type EndpointRoutes<G> = {
  readonly [K in keyof G]: G[K] extends EndpointDefinition ? EndpointRoute<G[K]> : EndpointRoutes<G[K]>;
};

export interface CallOptions<E extends EndpointDefinition> {
  params?: E['params'] extends z.ZodType ? z.input<E['params']> : never;
  query?: E['query'] extends z.ZodType ? Input<E['query']> : never;
  body?: E['multipart'] extends true ? FormData : Input<E['body']>;
  signal?: AbortSignal;
  anonymous?: boolean;
  keepalive?: boolean;
  /** Sent as If-Match (see RequestOptions.ifMatch). */
  ifMatch?: string;
}

function fillPath(path: string, params: Record<string, string> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}

/**
 * Calls an endpoint (a route of `endpoint-routes.ts`, or the contract's definition itself) and
 * answers its success body as the server sent it. The browser does not parse answers with the
 * contract's schemas: the server owns the contract and its tests check every answer against it
 * (docs/decisions.md, "The browser trusts the API's answers"). In development and unit tests
 * (`import.meta.env.DEV`) the answer is still checked against the endpoint's schema, loaded on
 * demand, so a drift between a test's data or a dev server and the contract fails loudly there;
 * production builds contain neither the check nor zod.
 */
export async function callEndpoint<R extends EndpointRoute | EndpointDefinition>(
  endpoint: R,
  options: CallOptions<DefinitionOf<R>> = {},
): Promise<EndpointResult<DefinitionOf<R>>> {
  const body = options.body as unknown;
  const raw = await apiRequest(fillPath(endpoint.path, options.params as Record<string, string> | undefined), {
    method: endpoint.method,
    query: options.query as RequestOptions['query'],
    ...(body instanceof FormData ? { form: body } : { json: body }),
    signal: options.signal,
    anonymous: options.anonymous,
    keepalive: options.keepalive,
    ifMatch: options.ifMatch,
  });
  // Every JSON answer of the contract is an object; text here means the body was not JSON at all.
  if (typeof raw === 'string') throw new UnexpectedAnswerError(`${endpoint.method} ${endpoint.path}`);
  if (import.meta.env.DEV) (await import('./response-check')).checkResponse(endpoint, raw);
  return raw as EndpointResult<DefinitionOf<R>>;
}
