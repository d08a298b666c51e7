import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { z } from 'zod';
import type { EndpointDefinition, HttpMethod, PermissionAction } from '@ops/contract/common/endpoint';
import { jsonNestedDeeperThan, MAX_JSON_DEPTH } from '@ops/contract/common/fields';
import { methodNotAllowed, notADictionary, notAuthenticated, notFound, permissionDenied, ValidationError, zodIssuesToFieldErrors } from './errors';
import type { AuthUser } from './auth';
import { isStreamedResponse, type StreamedResponse } from '../list-query/csv-export';
import { readTarget } from './read-routing';
import { recordAuditEvent } from './audit';
import { ERROR_MESSAGES } from '@ops/contract/common/errors';
import { JSON_CONTENT_TYPE, SerializedJson } from './serialized-json';

const TOO_DEEP = `JSON is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`;

/** What authentication resolved for a request. */
export interface RequestAuth {
  user: AuthUser;
  via: 'token' | 'session';
  /** Digest of the token or session key used, so logout can end exactly that one. */
  credentialDigest: string;
  expiry: Date;
  hasPermission(model: string, action: PermissionAction): Promise<boolean>;
  permissionKeys(): Promise<Set<string>>;
}

export type Authenticator = (request: FastifyRequest, options: { required: boolean }) => Promise<RequestAuth | null>;

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
  interface FastifyInstance {
    authenticator: Authenticator;
    /** The step-up guard (identity's `requireStepUp`) for endpoints marked `stepUp`. */
    stepUpGuard: (request: FastifyRequest) => Promise<void>;
    routeTable: RouteTableEntry[];
  }
}

export interface RouteTableEntry {
  method: HttpMethod;
  path: string;
  endpoint: EndpointDefinition;
}

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;
type NeedsUser<E extends EndpointDefinition> = E['access']['kind'] extends 'public' | 'optional' ? AuthUser | null : AuthUser;
type SuccessBody<E extends EndpointDefinition> = {
  [K in keyof E['responses']]: E['responses'][K] extends z.ZodType ? z.input<E['responses'][K]> : void;
}[keyof E['responses']];

/**
 * A handler's result: the success body (or its JSON text already written, a list page), a reply it
 * sent itself, or a streamed answer (a list's CSV export).
 */
type Answer<E extends EndpointDefinition> = SuccessBody<E> | SerializedJson<SuccessBody<E>> | FastifyReply | StreamedResponse;

export interface RouteContext<E extends EndpointDefinition> {
  request: FastifyRequest;
  reply: FastifyReply;
  params: Infer<E['params']>;
  query: Infer<E['query']>;
  body: E['multipart'] extends true ? undefined : Infer<E['body']>;
  user: NeedsUser<E>;
  auth: E['access']['kind'] extends 'public' | 'optional' ? RequestAuth | null : RequestAuth;
}

const noContent = z.null().describe('No content');

export function fastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

function successStatus(endpoint: EndpointDefinition): number {
  const codes = Object.keys(endpoint.responses).map(Number).sort();
  return codes[0] ?? 200;
}

/** PostgreSQL text cannot hold NUL: name each field that carries one (DRF's message). */
function nullCharacterErrors(value: unknown, path: string[] = [], depth = 0): z.core.$ZodIssue[] {
  if (depth > 20) return [];
  if (typeof value === 'string') {
    return value.includes('\u0000')
      ? [{ code: 'custom', path, message: ERROR_MESSAGES.nullCharacters, input: value } as z.core.$ZodIssue]
      : [];
  }
  if (Array.isArray(value)) return value.flatMap((item, i) => nullCharacterErrors(item, [...path, String(i)], depth + 1));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => nullCharacterErrors(item, [...path, key], depth + 1));
  }
  return [];
}

/** A list request for a file export (`format=csv` or `xlsx`), which a payroll list guards with step-up. */
const isExport = (query: unknown) => {
  const format = (query as { format?: unknown } | undefined)?.format;
  return format === 'csv' || format === 'xlsx';
};

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function parseOr400<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  if (jsonNestedDeeperThan(value))
    throw ValidationError.nonField(TOO_DEEP);
  const nulls = nullCharacterErrors(value);
  if (nulls.length) throw new ValidationError(zodIssuesToFieldErrors(nulls));
  // reportInput lets the error mapper tell a missing field ("required") from a wrong type.
  const result = schema.safeParse(value ?? {}, { reportInput: true });
  if (!result.success) throw new ValidationError(zodIssuesToFieldErrors(result.error.issues));
  return result.data;
}

async function auditExport(app: FastifyInstance, request: FastifyRequest, auth: RequestAuth, endpoint: EndpointDefinition): Promise<void> {
  const query = request.query as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 2000) : null);
  await recordAuditEvent(app.database.db, {
    action: 'export',
    userId: auth.user.id,
    model: endpoint.access.kind === 'permission' ? endpoint.access.model : endpoint.path,
    changes: { path: request.url.split('?')[0]!.slice(0, 500), format: text(query.format), filters: text(query.filters), search: text(query.search) },
    ip: request.ip,
  });
}

/**
 * Registers one endpoint of the contract: access check (401/403 before any
 * validation), params (bad id -> 404), query and body validated by the
 * contract's zod schemas (400 naming the field), then the handler. The
 * handler's return value is the body of the endpoint's success status.
 */
export function route<const E extends EndpointDefinition>(
  app: FastifyInstance,
  endpoint: E,
  handler: (ctx: RouteContext<E>) => Promise<Answer<E>> | Answer<E>,
): void {
  const status = successStatus(endpoint);
  const access = endpoint.access;
  // Record lists and details (GETs guarded by a model permission); a user's own profile, session and streams stay on the primary.
  const readsFromReplica = endpoint.method === 'GET' && !endpoint.streaming && access.kind === 'permission';
  const run: RouteHandlerMethod = async (request, reply) => {
    const required = access.kind === 'authenticated' || access.kind === 'permission';
    const auth = access.kind === 'public' ? null : await app.authenticator(request, { required });
    request.auth = auth;
    if (required && !auth) throw notAuthenticated();
    if (access.kind === 'permission' && !(await auth!.hasPermission(access.model, access.action))) throw permissionDenied();
    if (endpoint.stepUp === true || (endpoint.stepUp === 'export' && isExport(request.query))) await app.stepUpGuard(request);

    let params: unknown;
    if (endpoint.params) {
      const parsed = endpoint.params.safeParse(request.params);
      if (!parsed.success) throw notFound();
      params = parsed.data;
    }
    // Every JSON body, including those a multipart endpoint accepts as an alternative, is bounded in depth.
    if (request.body !== undefined && !request.isMultipart() && jsonNestedDeeperThan(request.body)) {
      throw ValidationError.nonField(TOO_DEEP);
    }
    // DRF's serializers take a dictionary: `null`, a number, an array or a string is refused whole.
    if (endpoint.body && request.body !== undefined && !request.isMultipart() && !isPlainObject(request.body)) throw notADictionary(request.body);
    const query = endpoint.query ? parseOr400(endpoint.query, request.query) : undefined;
    const body = endpoint.body && !endpoint.multipart ? parseOr400(endpoint.body, request.body) : undefined;

    const context = { request, reply, params, query, body, user: auth?.user ?? null, auth } as RouteContext<E>;
    const answer = async (result: Answer<E>) => {
      if (isStreamedResponse(result)) {
        // Every list export is an audit trail entry (platform.md 14.6): which list, which format, which filters.
        if (auth && isExport(request.query)) await auditExport(app, request, auth, endpoint);
        return result.sendTo(reply);
      }
      if (reply.sent || result === reply) return reply;
      if (status === 204) return reply.code(204).send();
      // Sent as written, with the content type a serialised body gets.
      if (result instanceof SerializedJson) return reply.code(status).type(JSON_CONTENT_TYPE).send(result.json);
      return reply.code(status).send(result);
    };
    const router = app.readRouter;
    if (!router?.enabled || !auth) return answer(await handler(context));
    // A signed-in user's list and detail reads go to the replica, unless they wrote within the window.
    if (readsFromReplica && router.replicaFor(auth.user.id)) {
      return readTarget.run({ replica: true }, async () => answer(await handler(context)));
    }
    if (endpoint.method === 'GET') return answer(await handler(context));
    let result: Answer<E>;
    try {
      result = await handler(context);
    } finally {
      // Before the answer leaves: every instance sends this user's reads to the primary for the window.
      await router.wrote(auth.user.id).catch((error: unknown) => request.log.warn({ err: error }, 'read-your-writes notice failed'));
    }
    return answer(result);
  };

  app.route({
    method: endpoint.method,
    url: fastifyPath(endpoint.path),
    schema: {
      summary: endpoint.summary,
      tags: endpoint.tags,
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body
        ? endpoint.multipart
          ? { consumes: ['multipart/form-data'], body: endpoint.body }
          : { body: endpoint.body }
        : {}),
      response: Object.fromEntries(Object.entries(endpoint.responses).map(([code, schema]) => [code, schema ?? noContent])),
      ...(access.kind !== 'public' ? { security: [{ tokenAuth: [] }, { sessionAuth: [] }] } : {}),
    },
    ...(endpoint.maxBodyBytes ? { bodyLimit: endpoint.maxBodyBytes } : {}),
    handler: run,
  });
  app.routeTable.push({ method: endpoint.method, path: endpoint.path, endpoint });
}

/**
 * The methods a URL takes when the router found no route for the request's
 * method: `undefined` when no route has that path (a 404). Every method Node
 * can parse reaches here (TRACE, PROPFIND...), so a known path answers 405
 * with `Allow` whatever the method. Built on first use, once every route
 * (modules, probes, static files) is registered.
 */
function allowedMethodsLookup(app: FastifyInstance, notAllowed: ReadonlySet<string>): (url: string) => string[] | undefined {
  let table: { pattern: RegExp; params: number; methods: string[] }[] | undefined;
  const build = () => {
    const byUrl = new Map<string, Set<string>>();
    for (const { method, url } of app.registeredRoutes) {
      if (url.includes('*') || notAllowed.has(`${method} ${url}`)) continue;
      const set = byUrl.get(url) ?? new Set();
      set.add(method);
      byUrl.set(url, set);
    }
    return [...byUrl].map(([url, methods]) => ({
      pattern: new RegExp(
        `^${url
          .split(/(:\w+)/)
          .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
          .join('')}$`,
      ),
      params: url.split(':').length - 1,
      methods: [...methods].sort(),
    }));
  };
  return (url) => {
    table ??= build();
    const path = url.split('?')[0]!;
    // As the router does: a static segment wins over a parameter (`read-all/` is not an `{id}/`).
    const matching = table.filter((entry) => entry.pattern.test(path)).sort((a, b) => a.params - b.params);
    return matching[0]?.methods;
  };
}

const METHODS: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Routes answering 405 for the usual methods a registered path does not list,
 * so that a static path is not taken for a parameter of its sibling
 * (`GET /api/notifications/read-all/` is 405, not `GET /api/notifications/{id}/`).
 * Other methods reach the not-found handler, which answers 405 through
 * the lookup returned here. Call after every module registered.
 */
export function registerMethodNotAllowed(app: FastifyInstance): (url: string) => string[] | undefined {
  const registered = new Set<string>();
  const byPath = new Map<string, Set<string>>();
  for (const entry of app.routeTable) {
    const set = byPath.get(entry.path) ?? new Set();
    set.add(entry.method);
    if (entry.method === 'GET') set.add('HEAD');
    byPath.set(entry.path, set);
  }
  for (const [path, methods] of byPath) {
    const others = METHODS.filter((m) => !methods.has(m));
    if (!others.length) continue;
    const allowed = [...methods].sort();
    for (const method of others) registered.add(`${method} ${fastifyPath(path)}`);
    app.route({
      method: others,
      url: fastifyPath(path),
      schema: { hide: true },
      handler: async (request) => {
        throw methodNotAllowed(request.method, allowed);
      },
    });
  }
  return allowedMethodsLookup(app, registered);
}
