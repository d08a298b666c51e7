import type { z } from 'zod';
import type { EndpointDefinition, ErrorStatus, HttpMethod } from '@ops/contract/common/endpoint';
import { listQuery } from '@ops/contract/common/list-query';
import { listQueryValues, MAX_ORDERING_TERMS } from '../../list-query/list-ordering';
import { MAX_SELECT_PATHS } from '../../list-query/select';
import { PRECONDITION_FAILED } from '../../platform/conditional';

/**
 * Completes the document @fastify/swagger builds from the routes' zod
 * schemas with what only the endpoint catalogue knows: operationIds, the
 * error answers each operation can give, its security, and the media types of
 * bodies that are not JSON. Everything is derived from the declarations
 * (access rule, params, body, method), never written per route.
 */

type Json = Record<string, unknown>;

const JSON_MEDIA = 'application/json';

interface CatalogueEntry {
  method: HttpMethod;
  path: string;
  endpoint: EndpointDefinition;
}

const UNSAFE: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const ACTIONS: Record<Exclude<HttpMethod, 'GET'>, string> = {
  POST: 'create',
  PUT: 'update',
  PATCH: 'partial_update',
  DELETE: 'destroy',
};

/** A GET answering a page (`{count, next, previous, results}`) or an array is a list. */
function answersList(endpoint: EndpointDefinition): boolean {
  const success = endpoint.responses[200];
  if (!success) return false;
  const def = (success as unknown as { _zod?: { def?: { type?: string; shape?: Record<string, unknown> } } })._zod?.def;
  return def?.type === 'array' || Boolean(def?.type === 'object' && def.shape && 'results' in def.shape && 'count' in def.shape);
}

/**
 * drf-spectacular's operationId (spec platform §13.5): the path after `/api/` without
 * its ids, segments joined by `_` (dashes too), then the action: `list`,
 * `create`, `retrieve`, `update`, `partial_update` or `destroy` (a GET
 * answering a page or an array is `list`).
 */
export function operationIdFor(method: HttpMethod, path: string, endpoint: EndpointDefinition): string {
  if (endpoint.operationId) return endpoint.operationId;
  const tokens = path
    .replace(/^\/api\//, '/')
    .split('/')
    .filter((segment) => segment && !segment.startsWith('{'))
    .map((segment) => segment.replace(/[^A-Za-z0-9]+/g, '_'));
  const action = method === 'GET' ? (answersList(endpoint) ? 'list' : 'retrieve') : ACTIONS[method];
  // spec platform §10 serves a few paths without their trailing slash too: the same operation under a name of its own.
  return [...tokens, action, ...(path.endsWith('/') ? [] : ['without_slash'])].join('_');
}

/** The error statuses an operation can answer, from its declaration. */
export function errorStatusesFor(endpoint: EndpointDefinition, options: { rateLimited: boolean }): number[] {
  const statuses = new Set<number>([400, 414, 431]);
  const { access, method } = endpoint;
  if (access.kind !== 'public') statuses.add(401);
  // A permission missing, or a session's CSRF token on an unsafe method.
  if (access.kind === 'permission' || (access.kind !== 'public' && UNSAFE.has(method))) statuses.add(403);
  if (endpoint.params) statuses.add(404);
  if (method === 'DELETE') statuses.add(409);
  if (UNSAFE.has(method)) {
    statuses.add(413);
    statuses.add(415);
  }
  if (options.rateLimited) statuses.add(429);
  for (const status of endpoint.errors ?? ([] as ErrorStatus[])) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

const detail = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorDetail' } } },
});

const ERROR_RESPONSES: Record<number, [name: string, response: Json]> = {
  400: [
    'BadRequest',
    {
      description:
        'Invalid request: field errors (`{"<field>": ["message"], "non_field_errors": [...]}`) or a malformed request (`{"detail": ...}`)',
      content: {
        'application/json': {
          schema: { anyOf: [{ $ref: '#/components/schemas/FieldErrors' }, { $ref: '#/components/schemas/ErrorDetail' }] },
        },
      },
    },
  ],
  401: ['Unauthorized', { ...detail('No valid credentials'), headers: { 'WWW-Authenticate': { schema: { type: 'string' } } } }],
  403: ['Forbidden', detail('Permission denied, or the CSRF token of a session is missing or wrong')],
  404: ['NotFound', detail('No such record, or outside the caller’s scope')],
  409: ['Conflict', detail('The record is still referenced by other records')],
  413: ['PayloadTooLarge', detail('Request body is too large')],
  414: ['UriTooLong', detail('Request line (URL) is too long')],
  415: ['UnsupportedMediaType', detail('The body is not JSON (or multipart where the operation takes files)')],
  429: ['Throttled', { ...detail('Too many requests'), headers: { 'Retry-After': { schema: { type: 'integer' } } } }],
  431: ['HeadersTooLarge', detail('Request headers are too large')],
};

const SCHEMAS: Json = {
  ErrorDetail: { type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] },
  FieldErrors: {
    type: 'object',
    description: 'Field name (or non_field_errors) to its messages; nested objects for nested fields',
    additionalProperties: { anyOf: [{ type: 'array', items: { type: 'string' } }, { $ref: '#/components/schemas/FieldErrors' }] },
  },
};

/** The answer's ETag (platform.md 14.6): what a later write sends back in If-Match. */
const ETAG_HEADER: Json = {
  ETag: {
    description: "The record's strong entity tag as answered; send it back in If-Match to write only if nobody changed it since",
    schema: { type: 'string' },
  },
};

/** If-Match on a versioned write (RFC 9110 section 13.1.1): entity tags or `*`; weak tags never match. */
const IF_MATCH: Json = {
  name: 'If-Match',
  in: 'header',
  required: false,
  description:
    'Write only if the record is still at one of these entity tags (its ETag), or exists at all (`*`); otherwise 412 with the record as it is now. Weak tags (`W/`) never match; a malformed value is a 400 naming If-Match.',
  schema: { type: 'string', pattern: '^\\s*(\\*|(W/)?"[^"]*"(\\s*,\\s*(W/)?"[^"]*")*)\\s*$' },
};

/**
 * A versioned operation (`endpoint.versioned`): a GET answers the ETag; a PUT, PATCH or DELETE takes
 * If-Match, answers its new ETag (a 204 has no record to tag) and may answer 412 with the record as
 * its detail GET answers it. The 412 is a named response per detail path (`<retrieve operationId>_precondition_failed`)
 * whose `current` is a copy of that GET's success schema. An action at a path of its own (a POST)
 * names its record's detail path (`versioned: {detail}`) and shares that record's 412.
 */
function describeVersioned(
  method: HttpMethod,
  path: string,
  endpoint: EndpointDefinition,
  operation: Json,
  paths: Record<string, Record<string, Json>>,
  components: Json & { schemas?: Json; responses?: Json },
  retrieveOf: (detailPath: string, endpoint: EndpointDefinition) => string,
): void {
  const responses = operation.responses as Record<string, Json>;
  const success = responses[method === 'DELETE' ? '204' : (Object.keys(endpoint.responses).sort()[0] ?? '200')];
  if (success && method !== 'DELETE') success.headers = { ...((success.headers as Json | undefined) ?? {}), ...ETAG_HEADER };
  if (method === 'GET') return;
  const parameters = (operation.parameters ??= []) as Json[];
  if (!parameters.some((p) => p.in === 'header' && String(p.name).toLowerCase() === 'if-match')) parameters.push({ ...IF_MATCH });
  const detailPath = typeof endpoint.versioned === 'object' ? endpoint.versioned.detail : path;
  const retrieve = retrieveOf(detailPath, endpoint);
  const name = `${retrieve}_precondition_failed`;
  if (!components.responses![name]) {
    const detailGet = paths[detailPath]?.get?.responses as Record<string, Json> | undefined;
    const record = ((detailGet?.['200']?.content as Record<string, Json> | undefined)?.[JSON_MEDIA]?.schema as Json | undefined) ?? { type: 'object' };
    components.schemas![`${retrieve}_current`] = structuredClone(record);
    components.responses![name] = {
      description: 'If-Match no longer matches: the record was changed by someone else; nothing was changed. `current` is the record as it is now (the detail GET\u2019s answer), the ETag header its tag',
      headers: { ...ETAG_HEADER },
      content: {
        [JSON_MEDIA]: {
          schema: {
            type: 'object',
            properties: { detail: { type: 'string', const: PRECONDITION_FAILED }, current: { $ref: `#/components/schemas/${retrieve}_current` } },
            required: ['detail', 'current'],
          },
        },
      },
    };
  }
  responses['412'] = { $ref: `#/components/responses/${name}` };
}

function mediaSchema(mediaType: string): Json {
  if (mediaType.startsWith('text/')) return { type: 'string' };
  if (mediaType === 'application/yaml') return { type: 'string' };
  return { type: 'string', contentMediaType: mediaType, format: 'binary' };
}

/** Query parameters whose `format` takes `csv` answer CSV too. */
function answersCsv(operation: Json): boolean {
  const parameters = (operation.parameters ?? []) as { name?: string; in?: string; schema?: { enum?: unknown[] } }[];
  return parameters.some((p) => p.in === 'query' && p.name === 'format' && p.schema?.enum?.includes('csv'));
}

/** The item schema of a page (`{count, next, previous, results: [item]}`) an endpoint answers. */
function pageItemSchema(endpoint: EndpointDefinition): z.ZodType | undefined {
  const def = (endpoint.responses[200] as unknown as { _zod?: { def?: { type?: string; shape?: Record<string, unknown> } } })?._zod?.def;
  const results = def?.type === 'object' ? (def.shape?.results as { _zod?: { def?: { type?: string; element?: z.ZodType } } }) : undefined;
  return results?._zod?.def?.type === 'array' ? results._zod.def.element : undefined;
}

/**
 * `ordering` and `select` as the list resource behind the page declares them: comma-separated
 * lists (`style: form, explode: false`) of the terms it orders by and the paths it selects. At
 * most as many items as the server takes and as fit in the parameter's maximum length.
 */
function describeListValues(operation: Json, endpoint: EndpointDefinition, schemas: Json): void {
  const item = pageItemSchema(endpoint);
  const values = item && listQueryValues(item);
  if (!values) return;
  const parameters = (operation.parameters ?? []) as Json[];
  const limits = { ordering: MAX_ORDERING_TERMS, select: MAX_SELECT_PATHS };
  for (const name of ['ordering', 'select'] as const) {
    const parameter = parameters.find((p) => p.in === 'query' && p.name === name);
    const choices = values[name];
    if (!parameter || !choices.length) continue;
    const longest = Math.max(...choices.map((value) => value.length));
    parameter.style = 'form';
    parameter.explode = false;
    parameter.schema = {
      type: 'array',
      items: { type: 'string', enum: choices },
      minItems: 1,
      maxItems: Math.min(limits[name], Math.floor((listQuery.maxLength[name] + 1) / (longest + 1))),
    };
    if (name === 'select') {
      documentSelectedItems(operation, schemas);
      // CSV header labels name export columns: the paths `select` takes.
      const labels = parameters.find((p) => p.in === 'query' && p.name === 'labels');
      const labelsSchema = (labels?.content as Record<string, Json> | undefined)?.[JSON_MEDIA]?.schema as Json | undefined;
      if (labelsSchema) labelsSchema.propertyNames = { enum: choices };
    }
  }
}

/**
 * The same schema with no property required at any depth `select` reaches (properties, array
 * items, the alternatives of a nullable value): a selected answer keeps only the selected paths.
 */
function withNothingRequired(schema: Json): Json {
  const copy: Json = { ...schema };
  delete copy.required;
  if (copy.properties && typeof copy.properties === 'object')
    copy.properties = Object.fromEntries(
      Object.entries(copy.properties as Record<string, Json>).map(([name, property]) => [name, withNothingRequired(property)]),
    );
  if (copy.items && typeof copy.items === 'object') copy.items = withNothingRequired(copy.items as Json);
  for (const key of ['prefixItems', 'anyOf', 'oneOf', 'allOf'] as const)
    if (Array.isArray(copy[key])) copy[key] = (copy[key] as Json[]).map(withNothingRequired);
  return copy;
}

/**
 * With `select` a page's items carry only the selected paths (`applySelect`), so a list's
 * `results` items are either the full item or a selected subset: the same properties, none
 * required, nothing else. Both are named components (`<operationId>_item`, `_selected`), so a
 * generated client can name the full item where it does not select.
 */
function documentSelectedItems(operation: Json, components: Json): void {
  const content = ((operation.responses as Record<string, Json> | undefined)?.['200']?.content ?? {}) as Record<string, Json>;
  const page = content['application/json']?.schema as { properties?: { results?: Json } } | undefined;
  const results = page?.properties?.results;
  const item = results?.items as Json | undefined;
  if (!results || !item || item.$ref) return;
  const name = `${String(operation.operationId)}_item`;
  components[name] = item;
  components[`${name}_selected`] = { ...withNothingRequired(item), additionalProperties: false };
  results.items = { anyOf: [{ $ref: `#/components/schemas/${name}` }, { $ref: `#/components/schemas/${name}_selected` }] };
}

/**
 * A query parameter or a form field whose string carries JSON (the contract marks it with
 * `contentMediaType: application/json` and the JSON's `contentSchema`) is documented as JSON of
 * that schema, as OpenAPI 3.1 does: `content` on a parameter, the object schema with an
 * `encoding` in a multipart body. Clients and testers then send JSON, not any string. A
 * parameter keeps the string's limit as `x-max-length` (a query must fit in a request line).
 * Any other array in a query is a comma-separated list (`style: form, explode: false`).
 */
function describeJsonCarried(operation: Json): void {
  for (const parameter of (operation.parameters ?? []) as Json[]) {
    const schema = parameter.schema as Json | undefined;
    if (parameter.in === 'query' && schema?.type === 'array') Object.assign(parameter, { style: 'form', explode: false });
    if (schema?.contentMediaType !== JSON_MEDIA) continue;
    parameter.content = { [JSON_MEDIA]: { schema: schema.contentSchema ?? {} } };
    if (typeof schema.maxLength === 'number') parameter['x-max-length'] = schema.maxLength;
    if (schema.description && !parameter.description) parameter.description = schema.description;
    delete parameter.schema;
  }
  const forms = ((operation.requestBody as Json | undefined)?.content ?? {}) as Record<string, Json>;
  for (const form of Object.values(forms)) {
    const properties = ((form.schema as Json | undefined)?.properties ?? {}) as Record<string, Json>;
    for (const [name, property] of Object.entries(properties)) {
      if (property.contentMediaType !== JSON_MEDIA) continue;
      properties[name] = { ...(property.contentSchema as Json), ...(property.description ? { description: property.description } : {}) };
      form.encoding = { ...((form.encoding as Json | undefined) ?? {}), [name]: { contentType: JSON_MEDIA } };
    }
  }
}

/** OpenAPI 3.1 is JSON Schema 2020-12: a tuple is `prefixItems`, never an array under `items`. */
function toPrefixItems(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) toPrefixItems(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Json;
  if (Array.isArray(schema.items)) {
    schema.prefixItems = schema.items;
    if ('additionalItems' in schema) {
      schema.items = schema.additionalItems;
      delete schema.additionalItems;
    } else {
      schema.items = false;
    }
  }
  for (const value of Object.values(schema)) toPrefixItems(value);
}

/**
 * The server refuses NUL in every string of a body (PostgreSQL text cannot hold it): a string
 * of a request body that has no pattern of its own says so.
 */
function refuseNul(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(refuseNul);
  if (!node || typeof node !== 'object') return;
  const schema = node as Json;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('string') && !schema.pattern && !schema.enum && !schema.format) schema.pattern = '^[^\\u0000]*$';
  for (const value of Object.values(schema)) refuseNul(value);
}

export function completeDocument(document: Json, catalogue: readonly CatalogueEntry[], options: { rateLimited: boolean }): Json {
  const result = structuredClone(document) as Json & { paths: Record<string, Record<string, Json>>; components?: Json };
  toPrefixItems(result.paths);
  toPrefixItems(result.components);
  const components = (result.components ??= {}) as Json & { schemas?: Json; responses?: Json };
  components.schemas = { ...(components.schemas ?? {}), ...SCHEMAS };
  components.responses = Object.fromEntries(Object.values(ERROR_RESPONSES).map(([name, response]) => [name, response]));

  // The detail GET of each path, whatever the catalogue's order (a versioned action names its record's).
  const detailGets = new Map(catalogue.filter((entry) => entry.method === 'GET').map((entry) => [entry.path, entry.endpoint]));
  const retrieveOf = (detailPath: string, endpoint: EndpointDefinition) => operationIdFor('GET', detailPath, detailGets.get(detailPath) ?? endpoint);

  for (const { method, path, endpoint } of catalogue) {
    const operation = result.paths[path]?.[method.toLowerCase()];
    if (!operation) continue;
    operation.operationId = operationIdFor(method, path, endpoint);
    operation.tags = [...endpoint.tags];
    describeJsonCarried(operation);
    if (method === 'GET') describeListValues(operation, endpoint, components.schemas);
    refuseNul((operation.requestBody as Json | undefined)?.content);
    const access = endpoint.access.kind;
    operation.security =
      access === 'public'
        ? []
        : access === 'optional'
          ? [{ tokenAuth: [] }, { sessionAuth: [] }, {}]
          : [{ tokenAuth: [] }, { sessionAuth: [] }];

    const responses = (operation.responses ??= {}) as Record<string, Json>;
    const successCode = Object.keys(endpoint.responses).sort()[0] ?? '200';
    const success = (responses[successCode] ??= { description: 'Success' });
    if (endpoint.produces?.length) {
      const json = endpoint.responses[Number(successCode) as 200]
        ? (success.content as Json | undefined)?.['application/json']
        : undefined;
      success.content = {
        ...(json ? { 'application/json': json } : {}),
        // YAML is the same document as the JSON answer (clients parse it into the same object).
        ...Object.fromEntries(
          endpoint.produces.map((type) => [type, { schema: type === 'application/yaml' && json ? (json as Json).schema : mediaSchema(type) }]),
        ),
      };
    } else if (successCode === '204') {
      delete success.content;
    }
    if (answersCsv(operation)) {
      success.content = {
        ...((success.content as Json | undefined) ?? {}),
        'text/csv': { schema: { type: 'string' } },
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { type: 'string', format: 'binary' } },
      };
    }
    for (const status of errorStatusesFor(endpoint, options)) {
      responses[String(status)] = { $ref: `#/components/responses/${ERROR_RESPONSES[status]![0]}` };
    }
    if (endpoint.versioned) describeVersioned(method, path, endpoint, operation, result.paths, components, retrieveOf);
  }
  return result;
}
