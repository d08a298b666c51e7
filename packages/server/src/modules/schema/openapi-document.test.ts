import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { MAX_HEADER_BYTES } from '../../app';

/** The served OpenAPI document: named operations, documented errors, security and media types. */
let t: TestApp;
type Operation = {
  operationId?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { name: string; in: string; schema?: Record<string, unknown> }[];
  responses: Record<string, { $ref?: string; content?: Record<string, unknown> }>;
};
let document: {
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, unknown>; schemas: Record<string, unknown> };
};

beforeAll(async () => {
  t = await createTestApp();
  document = (await t.request({ method: 'GET', url: '/api/schema/?format=json' })).json();
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );

describe('operation names', () => {
  it('every operation has an operationId, unique across the document, and a tag', () => {
    const seen = new Map<string, string>();
    const problems: string[] = [];
    for (const { path, method, operation } of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      if (!operation.operationId) problems.push(`${where}: no operationId`);
      else if (seen.has(operation.operationId))
        problems.push(`${where}: operationId ${operation.operationId} also names ${seen.get(operation.operationId)}`);
      else seen.set(operation.operationId, where);
      if (!operation.tags?.length) problems.push(`${where}: no tag`);
    }
    expect(problems).toEqual([]);
    expect(seen.size).toBe(t.app.routeTable.length);
  });

  it('names operations as drf-spectacular does (spec platform §13.5)', () => {
    const id = (method: string, path: string) => document.paths[path]?.[method]?.operationId;
    expect(id('get', '/api/accounts/clients/')).toBe('accounts_clients_list');
    expect(id('post', '/api/accounts/clients/')).toBe('accounts_clients_create');
    expect(id('get', '/api/accounts/clients/{id}/')).toBe('accounts_clients_retrieve');
    expect(id('put', '/api/accounts/clients/{id}/')).toBe('accounts_clients_update');
    expect(id('patch', '/api/accounts/clients/{id}/')).toBe('accounts_clients_partial_update');
    expect(id('delete', '/api/accounts/clients/{id}/')).toBe('accounts_clients_destroy');
    expect(id('post', '/api/accounts/clients/{client_id}/addresses/{id}/make-primary/')).toBe(
      'accounts_clients_addresses_make_primary_create',
    );
    expect(id('post', '/api/helpdesk/tickets/{ticket_id}/conversations/')).toBe('helpdesk_tickets_conversations_create');
    expect(id('get', '/api/identity/auth/permissions/')).toBe('identity_auth_permissions_retrieve');
  });
});

describe('documented errors', () => {
  it('every operation documents its 4xx answers, each resolving to a DRF error shape', () => {
    const problems: string[] = [];
    for (const { path, method, operation } of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      const errors = Object.keys(operation.responses).filter((code) => code.startsWith('4'));
      for (const required of ['400', '414', '431']) if (!errors.includes(required)) problems.push(`${where}: no ${required}`);
      if (operation.security?.length && !errors.includes('401')) problems.push(`${where}: needs credentials but no 401`);
      if (path.includes('{') && !errors.includes('404')) problems.push(`${where}: has ids but no 404`);
      if (['post', 'put', 'patch', 'delete'].includes(method) && !(errors.includes('413') && errors.includes('415')))
        problems.push(`${where}: takes a body but no 413/415`);
      for (const code of errors) {
        const ref = operation.responses[code]!.$ref;
        if (!ref || !document.components.responses[ref.split('/').pop()!]) problems.push(`${where}: ${code} does not resolve`);
      }
    }
    expect(problems).toEqual([]);
    expect(document.components.schemas.ErrorDetail).toMatchObject({ required: ['detail'] });
  });

  it('a permission-guarded operation documents 403, a delete 409, a login 429', () => {
    expect(Object.keys(document.paths['/api/accounts/clients/']!.get!.responses)).toContain('403');
    expect(Object.keys(document.paths['/api/accounts/clients/{id}/']!.delete!.responses)).toContain('409');
    expect(Object.keys(document.paths['/api/identity/auth/knox/login/']!.post!.responses)).toContain('429');
  });
});

describe('security and media types', () => {
  it('public operations need no credentials, optional ones may go without, the rest need a token or session', () => {
    expect(document.paths['/api/identity/auth/knox/login/']!.post!.security).toEqual([]);
    expect(document.paths['/api/schema/']!.get!.security).toEqual([]);
    expect(document.paths['/api/client-errors/']!.post!.security).toContainEqual({});
    expect(document.paths['/api/accounts/clients/']!.get!.security).toEqual([{ tokenAuth: [] }, { sessionAuth: [] }]);
  });

  it('declares every body that is not JSON: CSV exports, YAML, PNG, files and the event stream', () => {
    const content = (path: string) => Object.keys(document.paths[path]!.get!.responses['200']!.content ?? {});
    expect(content('/api/accounts/clients/')).toEqual([
      'application/json',
      'text/csv',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
    expect(content('/api/schema/')).toEqual(['application/json', 'application/yaml']);
    expect(content('/api/charts/generate/')).toEqual(['image/png']);
    expect(content('/api/notifications/stream/')).toEqual(['text/event-stream']);
    expect(content('/api/helpdesk/tickets/{ticket_id}/attachments/{id}/download/')).toEqual(['application/octet-stream']);
  });

  it('uses prefixItems for tuples: no array under items anywhere (OpenAPI 3.1)', () => {
    const arraysUnderItems: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (!node || typeof node !== 'object') return;
      if (!Array.isArray(node) && Array.isArray((node as { items?: unknown }).items)) arraysUnderItems.push(at);
      for (const [key, value] of Object.entries(node)) walk(value, `${at}/${key}`);
    };
    walk(document, '#');
    expect(arraysUnderItems).toEqual([]);
  });
});

describe('query limits', () => {
  it('every query the document allows fits, percent-encoded, in the request line the server receives', () => {
    // Room left for the method, the path, the protocol and ordinary headers (token, cookies, user agent).
    const budget = MAX_HEADER_BYTES - 16 * 1024;
    const problems: string[] = [];
    for (const { path, method, operation } of operations()) {
      let worst = path.length;
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in !== 'query') continue;
        // A parameter carrying JSON (`content`) keeps its serialised limit in `x-max-length`.
        const schema = parameter.schema ?? { maxLength: (parameter as { 'x-max-length'?: number })['x-max-length'] };
        const items = schema.items as { enum?: unknown[] } | undefined;
        const longest = Array.isArray(items?.enum) && typeof schema.maxItems === 'number'
          ? schema.maxItems * (Math.max(...items.enum.map((v) => String(v).length)) + 1)
          : Array.isArray(schema.enum)
          ? Math.max(...schema.enum.map((v) => String(v).length))
          : typeof schema.maxLength === 'number'
            ? schema.maxLength
            : schema.type === 'boolean' || schema.type === 'integer' || schema.type === 'number'
              ? 32
              : undefined;
        if (longest === undefined)
          problems.push(`${method.toUpperCase()} ${path}: query ${parameter.name} has no maximum length`);
        else worst += parameter.name.length + 2 + 3 * longest;
      }
      if (worst > budget)
        problems.push(`${method.toUpperCase()} ${path}: a query of ${worst} bytes fits no request line of ${budget}`);
    }
    expect(problems).toEqual([]);
  });
});

describe('help desk teams, routing and SLA (spec platform §13.1)', () => {
  it('describes every new path with all its methods, and the SLA fields of tickets', () => {
    for (const base of ['/api/helpdesk/teams/', '/api/helpdesk/routing-rules/', '/api/helpdesk/sla-policies/']) {
      expect(Object.keys(document.paths[base] ?? {}).sort()).toEqual(['get', 'post']);
      expect(Object.keys(document.paths[`${base}{id}/`] ?? {}).sort()).toEqual(['delete', 'get', 'patch', 'put']);
    }
    const text = JSON.stringify(document.paths['/api/helpdesk/tickets/{id}/']);
    const schemas = JSON.stringify(document.components.schemas);
    for (const field of ['first_response_due_at', 'first_responded_at', 'due_at', 'sla_status', 'BREACHED', 'team'])
      expect(`${text}${schemas}`).toContain(field);
  });
});

describe('views and search (spec platform §13.2)', () => {
  it('documents the views and search paths with their operations and 4xx answers', () => {
    const id = (method: string, path: string) => document.paths[path]?.[method]?.operationId;
    expect(id('get', '/api/identity/views/')).toBe('identity_views_list');
    expect(id('post', '/api/identity/views/')).toBe('identity_views_create');
    expect(id('get', '/api/identity/views/{id}/')).toBe('identity_views_retrieve');
    expect(id('patch', '/api/identity/views/{id}/')).toBe('identity_views_partial_update');
    expect(id('delete', '/api/identity/views/{id}/')).toBe('identity_views_destroy');
    expect(id('post', '/api/identity/views/{id}/make-default/')).toBe('identity_views_make_default_create');
    expect(id('post', '/api/identity/views/{id}/clear-default/')).toBe('identity_views_clear_default_create');
    expect(id('get', '/api/search/')).toBe('search_retrieve');
    // Sharing without view.share is refused.
    expect(Object.keys(document.paths['/api/identity/views/']!.post!.responses)).toContain('403');
    expect(Object.keys(document.paths['/api/identity/views/{id}/']!.patch!.responses)).toContain('403');
    const q = document.paths['/api/search/']!.get!.parameters?.find((p) => p.name === 'q');
    expect(q).toMatchObject({ in: 'query', schema: expect.objectContaining({ maxLength: 200 }) });
  });
});

describe('sign in with Google (spec platform §13.3)', () => {
  it('documents the OpenID Connect paths: the public config, the redirects (302) and the token hand-over', () => {
    const op = (method: string, path: string) => document.paths[path]?.[method];
    expect(op('get', '/api/identity/auth/oidc/')?.operationId).toBe('identity_auth_oidc_retrieve');
    expect(op('get', '/api/identity/auth/oidc/')?.responses['200']?.content).toHaveProperty('application/json');
    for (const path of ['/api/identity/auth/oidc/login/', '/api/identity/auth/oidc/callback/']) {
      expect(Object.keys(op('get', path)?.responses ?? {}), path).toEqual(expect.arrayContaining(['302', '400', '404']));
    }
    expect(op('get', '/api/identity/auth/oidc/login/')?.parameters?.map((p) => p.name)).toContain('next');
    expect(Object.keys(op('post', '/api/identity/auth/oidc/token/')?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '404']));
    for (const path of ['/api/identity/auth/oidc/', '/api/identity/auth/oidc/login/', '/api/identity/auth/oidc/callback/', '/api/identity/auth/oidc/token/']) {
      expect(Object.values(document.paths[path]!).every((operation) => !operation.security?.length), path).toBe(true);
    }
  });
});

describe('sites and access (issue 16)', () => {
  it('documents the timeline and allocation paths with their operation names', () => {
    const id = (method: string, path: string) => document.paths[path]?.[method]?.operationId;
    expect(id('get', '/api/accounts/clients/{id}/timeline/')).toBe('accounts_clients_timeline_retrieve');
    expect(id('get', '/api/operations/cost-centres/{id}/timeline/')).toBe('operations_cost_centres_timeline_retrieve');
    expect(id('get', '/api/identity/allocations/')).toBe('identity_allocations_list');
    expect(id('post', '/api/identity/allocations/')).toBe('identity_allocations_create');
    expect(id('get', '/api/identity/allocations/{id}/')).toBe('identity_allocations_retrieve');
    expect(id('delete', '/api/identity/allocations/{id}/')).toBe('identity_allocations_destroy');
    expect(id('get', '/api/identity/allocations/drift/')).toBeDefined();
    const timeline = document.paths['/api/operations/cost-centres/{id}/timeline/']!.get!;
    expect(timeline.parameters!.filter((p) => p.in === 'query').map((p) => p.name).sort()).toEqual(['cursor', 'from', 'kind', 'limit', 'to']);
    expect(Object.keys(timeline.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404']));
  });
});

describe('select and the allocation lists (issue 23)', () => {
  type Json = Record<string, unknown>;
  const schemas = () => document.components.schemas as Record<string, Json>;
  const requiredAnywhere = (node: unknown): boolean =>
    Array.isArray(node)
      ? node.some(requiredAnywhere)
      : Boolean(node && typeof node === 'object') &&
        Object.entries(node as Json).some(([key, value]) => (key === 'required' && Array.isArray(value)) || requiredAnywhere(value));

  it("a list's results items are the full item or a selected subset: the same properties, none required at any depth, nothing else", () => {
    const results = (
      document.paths['/api/accounts/clients/']!.get!.responses['200']!.content!['application/json'] as {
        schema: { properties: { results: { items: Json } } };
      }
    ).schema.properties.results.items;
    expect(results).toEqual({
      anyOf: [
        { $ref: '#/components/schemas/accounts_clients_list_item' },
        { $ref: '#/components/schemas/accounts_clients_list_item_selected' },
      ],
    });
    const full = schemas().accounts_clients_list_item!;
    const selected = schemas().accounts_clients_list_item_selected!;
    expect(full.required).toEqual(expect.arrayContaining(['id', 'name', 'owner']));
    expect(Object.keys(selected.properties as Json)).toEqual(Object.keys(full.properties as Json));
    expect(selected.additionalProperties).toBe(false);
    expect(requiredAnywhere(selected)).toBe(false);
  });

  it('documents one allocation operation per kind, its ordering and select values those of its list resource', () => {
    const values = (path: string, name: string) =>
      (document.paths[path]!.get!.parameters!.find((p) => p.name === name)!.schema as { items: { enum: string[] } }).items.enum;
    expect(document.paths['/api/identity/allocation/{kind}/{scope}/']).toBeUndefined();
    for (const [kind, field] of [
      ['client', 'account_number'],
      ['cost-centre', 'code'],
      ['legal-entity', 'abbr'],
    ] as const) {
      const path = `/api/identity/allocation/${kind}/{scope}/`;
      expect(document.paths[path]!.get!.operationId).toBe(`identity_allocation_${kind.replace('-', '_')}_list`);
      expect(values(path, 'select')).toEqual(['id', 'name', field]);
      expect(values(path, 'ordering')).toEqual(expect.arrayContaining(['id', '-name', field, `-${field}`]));
    }
  });
});

describe('conditional writes (platform.md 14.6)', () => {
  type Json = Record<string, unknown>;
  const responseOf = (code: string, operation: Operation) => {
    const ref = operation.responses[code]?.$ref;
    return (ref ? document.components.responses[ref.split('/').pop()!] : operation.responses[code]) as Json | undefined;
  };

  it('every record and ticket detail declares its ETag; its PUT, PATCH and DELETE take If-Match and document 412 with the current record', () => {
    const details = [
      '/api/accounts/clients/{id}/',
      '/api/accounts/contact-persons/{id}/',
      '/api/operations/cost-centres/{id}/',
      '/api/operations/brands/{id}/',
      '/api/base/legal-entities/{id}/',
      '/api/base/industries/{id}/',
      '/api/base/industries/{industry_id}/sub-industries/{id}/',
      '/api/accounts/clients/{client_id}/addresses/{id}/',
      '/api/helpdesk/tickets/{id}/',
      '/api/knowledge/articles/{id}/',
      '/api/automations/rules/{id}/',
      '/api/sitechecks/templates/{id}/',
      '/api/sitechecks/schedules/{id}/',
    ];
    const problems: string[] = [];
    for (const path of details) {
      const methods = document.paths[path];
      if (!methods) {
        problems.push(`${path}: not in the document`);
        continue;
      }
      const detailGet = methods.get!;
      if (!(responseOf('200', detailGet)?.headers as Json | undefined)?.ETag) problems.push(`GET ${path}: no ETag header`);
      for (const method of ['put', 'patch', 'delete'] as const) {
        const operation = methods[method];
        if (!operation) continue;
        const where = `${method.toUpperCase()} ${path}`;
        const ifMatch = operation.parameters?.find((p) => p.in === 'header' && p.name === 'If-Match');
        if (!ifMatch) problems.push(`${where}: no If-Match parameter`);
        const failed = responseOf('412', operation);
        if (!failed) {
          problems.push(`${where}: no 412`);
          continue;
        }
        const schema = ((failed.content as Json)['application/json'] as Json).schema as { required: string[]; properties: Json };
        expect(schema.required).toEqual(['detail', 'current']);
        const current = (schema.properties.current as { $ref: string }).$ref.split('/').pop()!;
        // `current` is the detail GET's own answer.
        const detailSchema = ((responseOf('200', detailGet)!.content as Json)['application/json'] as Json).schema;
        if (JSON.stringify(document.components.schemas[current]) !== JSON.stringify(detailSchema)) problems.push(`${where}: current is not the detail's shape`);
        if (method !== 'delete' && !(responseOf('200', operation)?.headers as Json | undefined)?.ETag) problems.push(`${where}: no ETag on success`);
      }
    }
    expect(problems).toEqual([]);
    expect(Object.keys(document.paths['/api/helpdesk/my-tickets/{id}/']!.get!.responses['200']!)).toContain('headers');
  });

  it("an action on a record at its own path (restoring a rule's version) takes If-Match and shares the record's 412", () => {
    const restore = document.paths['/api/automations/rules/{id}/versions/{version}/restore/']!.post!;
    expect(restore.parameters?.some((p) => p.in === 'header' && p.name === 'If-Match')).toBe(true);
    expect(restore.responses['412']).toEqual(document.paths['/api/automations/rules/{id}/']!.put!.responses['412']);
    expect(restore.responses['412']!.$ref).toBe('#/components/responses/automations_rules_retrieve_precondition_failed');
    expect((responseOf('200', restore)?.headers as Json | undefined)?.ETag).toBeDefined();
  });

  it('operations without versions declare neither If-Match nor 412', () => {
    const create = document.paths['/api/accounts/clients/']!.post!;
    expect(create.parameters?.some((p) => p.name === 'If-Match') ?? false).toBe(false);
    expect(create.responses['412']).toBeUndefined();
    expect(document.paths['/api/helpdesk/tickets/{ticket_id}/conversations/{id}/']!.patch!.responses['412']).toBeUndefined();
  });
});
