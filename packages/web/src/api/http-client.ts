import type { z } from 'zod';
import type { EndpointDefinition } from '@ops/contract/common/endpoint';
import { clearToken, getToken } from './auth-token';
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

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => clearToken();

/** The session layer decides what a 401 means for the UI (sign out, go to /login). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler) {
  onUnauthorized = handler;
}

export interface RequestOptions {
  method?: string;
  query?: Record<string, string | number | undefined>;
  json?: unknown;
  form?: FormData;
  signal?: AbortSignal;
  /** Requests made without a token (sign-in) never trigger the 401 sign-out. */
  anonymous?: boolean;
}

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
  if (!response.ok) {
    if (response.status === 401 && token) onUnauthorized();
    throw new ApiError(response.status, parsed);
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

type SuccessSchema<E extends EndpointDefinition> = E['responses'] extends { 200: infer S }
  ? S
  : E['responses'] extends { 201: infer S }
    ? S
    : null;
export type EndpointResult<E extends EndpointDefinition> = SuccessSchema<E> extends z.ZodType ? z.output<SuccessSchema<E>> : void;
type Input<T> = T extends z.ZodType ? z.input<T> : never;

export interface CallOptions<E extends EndpointDefinition> {
  params?: E['params'] extends z.ZodType ? z.input<E['params']> : never;
  query?: E['query'] extends z.ZodType ? Input<E['query']> : never;
  body?: E['multipart'] extends true ? FormData : Input<E['body']>;
  signal?: AbortSignal;
  anonymous?: boolean;
}

function fillPath(path: string, params: Record<string, string> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}

/**
 * Calls an endpoint of the contract catalogue and parses the answer with the
 * endpoint's own response schema, so a drift between server and web fails loudly.
 */
export async function callEndpoint<E extends EndpointDefinition>(
  endpoint: E,
  options: CallOptions<E> = {},
): Promise<EndpointResult<E>> {
  const body = options.body as unknown;
  const raw = await apiRequest(fillPath(endpoint.path, options.params as Record<string, string> | undefined), {
    method: endpoint.method,
    query: options.query as RequestOptions['query'],
    ...(body instanceof FormData ? { form: body } : { json: body }),
    signal: options.signal,
    anonymous: options.anonymous,
  });
  const schema =
    (endpoint.responses as Record<number, z.ZodType | null | undefined>)[200] ??
    (endpoint.responses as Record<number, z.ZodType | null | undefined>)[201];
  return (schema ? schema.parse(raw) : undefined) as EndpointResult<E>;
}
