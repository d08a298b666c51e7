import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { z } from 'zod';
import type { EndpointDefinition, HttpMethod, PermissionAction } from '@ops/contract/common/endpoint';
import { jsonNestedDeeperThan, MAX_JSON_DEPTH } from '@ops/contract/common/fields';
import { methodNotAllowed, notAuthenticated, notFound, permissionDenied, ValidationError, zodIssuesToFieldErrors } from './errors';
import type { AuthUser } from './auth';
import { isStreamedResponse, type StreamedResponse } from '../list-query/csv-export';

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

/** A handler's result: the success body, a reply it sent itself, or a streamed answer (a list's CSV export). */
type Answer<E extends EndpointDefinition> = SuccessBody<E> | FastifyReply | StreamedResponse;

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
    return value.includes('\u0000') ? [{ code: 'custom', path, message: 'Null characters are not allowed.', input: value } as z.core.$ZodIssue] : [];
  }
  if (Array.isArray(value)) return value.flatMap((item, i) => nullCharacterErrors(item, [...path, String(i)], depth + 1));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => nullCharacterErrors(item, [...path, key], depth + 1));
  }
  return [];
}

function parseOr400<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  if (jsonNestedDeeperThan(value)) throw ValidationError.nonField(`JSON is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`);
  const nulls = nullCharacterErrors(value);
  if (nulls.length) throw new ValidationError(zodIssuesToFieldErrors(nulls));
  // reportInput lets the error mapper tell a missing field ("required") from a wrong type.
  const result = schema.safeParse(value ?? {}, { reportInput: true });
  if (!result.success) throw new ValidationError(zodIssuesToFieldErrors(result.error.issues));
  return result.data;
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
  const run: RouteHandlerMethod = async (request, reply) => {
    const required = access.kind === 'authenticated' || access.kind === 'permission';
    const auth = access.kind === 'public' ? null : await app.authenticator(request, { required });
    request.auth = auth;
    if (required && !auth) throw notAuthenticated();
    if (access.kind === 'permission' && !(await auth!.hasPermission(access.model, access.action))) throw permissionDenied();

    let params: unknown;
    if (endpoint.params) {
      const parsed = endpoint.params.safeParse(request.params);
      if (!parsed.success) throw notFound();
      params = parsed.data;
    }
    // Every JSON body, including those a multipart endpoint accepts as an alternative, is bounded in depth.
    if (request.body !== undefined && !request.isMultipart() && jsonNestedDeeperThan(request.body)) {
      throw ValidationError.nonField(`JSON is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`);
    }
    const query = endpoint.query ? parseOr400(endpoint.query, request.query) : undefined;
    const body = endpoint.body && !endpoint.multipart ? parseOr400(endpoint.body, request.body) : undefined;

    const result = await handler({ request, reply, params, query, body, user: auth?.user ?? null, auth } as RouteContext<E>);
    if (isStreamedResponse(result)) return result.sendTo(reply);
    if (reply.sent || result === reply) return reply;
    if (status === 204) return reply.code(204).send();
    return reply.code(status).send(result);
  };

  app.route({
    method: endpoint.method,
    url: fastifyPath(endpoint.path),
    schema: {
      summary: endpoint.summary,
      tags: endpoint.tags,
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? (endpoint.multipart ? { consumes: ['multipart/form-data'], body: endpoint.body } : { body: endpoint.body }) : {}),
      response: Object.fromEntries(
        Object.entries(endpoint.responses).map(([code, schema]) => [code, schema ?? noContent]),
      ),
      ...(access.kind !== 'public' ? { security: [{ tokenAuth: [] }, { sessionAuth: [] }] } : {}),
    },
    ...(endpoint.maxBodyBytes ? { bodyLimit: endpoint.maxBodyBytes } : {}),
    handler: run,
  });
  app.routeTable.push({ method: endpoint.method, path: endpoint.path, endpoint });
}

const METHODS: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Answers 405 for methods a registered path does not list. Call after every module registered. */
export function registerMethodNotAllowed(app: FastifyInstance): void {
  const byPath = new Map<string, Set<HttpMethod>>();
  for (const entry of app.routeTable) {
    const set = byPath.get(entry.path) ?? new Set();
    set.add(entry.method);
    byPath.set(entry.path, set);
  }
  for (const [path, methods] of byPath) {
    const others = METHODS.filter((m) => !methods.has(m));
    if (!others.length) continue;
    app.route({
      method: others,
      url: fastifyPath(path),
      schema: { hide: true },
      handler: async (request) => {
        throw methodNotAllowed(request.method);
      },
    });
  }
}
