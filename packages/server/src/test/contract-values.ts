import fc from 'fast-check';

/**
 * fast-check arbitraries generated from an OpenAPI document alone, for the contract test
 * (src/contract.test.ts): query values, path values, JSON bodies and multipart forms a schema
 * accepts, and values and bodies it refuses.
 */
export type Schema = Record<string, unknown>;
export type Parameter = {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
  content?: Record<string, { schema?: Schema }>;
  'x-max-length'?: number;
};

export const typesOf = (schema: Schema): string[] =>
  Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : [];

/**
 * `references`: existing records by field name (or `<path area>:<field>`, or `<path>:<field>`), so a uuid field of a
 * body names a real row; a body pointing at a missing row is not valid.
 */
export function documentValues(schemas: Record<string, Schema>, references: Record<string, string>) {
  /** A schema with its `$ref` (into components.schemas) followed. */
  function resolved(schema: Schema | undefined): Schema {
    let current = schema ?? {};
    for (let i = 0; i < 10 && typeof current.$ref === 'string'; i++) current = schemas[(current.$ref as string).split('/').pop()!] ?? {};
    return current;
  }

  function referenceFor(field: string | undefined, path: string): string | undefined {
    if (!field) return undefined;
    return references[`${path}:${field}`] ?? references[`${path.split('/')[2]}:${field}`] ?? references[field];
  }

  /** A query or path value the parameter accepts, as it is written in the URL. */
  function parameterValue(parameter: Parameter, path: string): fc.Arbitrary<string> {
    const json = parameter.content?.['application/json']?.schema;
    if (json) return bodyValue(json, path, undefined, 2).map((value) => JSON.stringify(value)).filter((text) => text.length <= (parameter['x-max-length'] ?? 4000));
    return textValue(parameter.schema ?? {}, path, parameter.name);
  }

  function textValue(schema: Schema, path: string, name: string): fc.Arbitrary<string> {
    // A comma-separated list (style form, explode false) of enum values: ordering, select, kinds.
    const items = schema.items as Schema | undefined;
    if (schema.type === 'array' && Array.isArray(items?.enum))
      return fc
        .array(fc.constantFrom(...items.enum.map(String)), {
          minLength: typeof schema.minItems === 'number' ? schema.minItems : 0,
          maxLength: Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : 5, 5),
        })
        .map((values) => values.join(','));
    if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum.map(String));
    if (schema.type === 'boolean') return fc.constantFrom('true', 'false');
    if (Array.isArray(schema.anyOf)) return fc.oneof(...(schema.anyOf as Schema[]).map((alternative) => textValue({ ...schema, anyOf: undefined, ...alternative }, path, name)));
    if (schema.format) return stringValue(schema, path, name);
    const maxLength = typeof schema.maxLength === 'number' ? Math.min(schema.maxLength, 60) : 60;
    if (schema.pattern === '^\\d+$') return fc.nat({ max: 5000 }).map(String);
    if (typeof schema.pattern === 'string') return fc.stringMatching(new RegExp(schema.pattern, 'u')).filter((v) => [...v].length <= maxLength);
    // JSON Schema's maxLength counts code points; a grapheme may hold several.
    return fc.string({ maxLength, unit: 'grapheme' }).filter((value) => [...value].length <= maxLength);
  }

  /** A value the schema refuses, or undefined when every string is accepted. */
  function invalidValue(schema: Schema): fc.Arbitrary<string> | undefined {
    const items = schema.items as Schema | undefined;
    if (schema.type === 'array' && Array.isArray(items?.enum))
      return fc.stringMatching(/^[a-z_]{1,10}$/).filter((s) => !(items.enum as unknown[]).map(String).includes(s));
    if (Array.isArray(schema.enum))
      return fc.string({ minLength: 1, maxLength: 10 }).filter((s) => !(schema.enum as unknown[]).map(String).includes(s));
    if (typeof schema.maxLength === 'number') return fc.constant('x'.repeat(schema.maxLength + 1));
    if (schema.pattern === '^\\d+$') return fc.constantFrom('-1', 'abc', '1.5');
    return undefined;
  }

  function bodyValue(raw: Schema | undefined, path: string, field?: string, depth = 0): fc.Arbitrary<unknown> {
    const schema = resolved(raw);
    if ('const' in schema) return fc.constant(schema.const);
    if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
    const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
    // With a type beside them, the alternatives only restate what the typed schema allows.
    if (alternatives && !schema.type) return fc.oneof(...alternatives.map((alternative) => bodyValue(alternative, path, field, depth)));
    const types = typesOf(schema);
    if (types.length > 1) return fc.oneof(...types.map((type) => bodyValue({ ...schema, type }, path, field, depth)));
    switch (types[0]) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer':
        return fc.integer({
          min: typeof schema.minimum === 'number' ? schema.minimum : -1000,
          max: typeof schema.maximum === 'number' ? schema.maximum : 1_000_000,
        });
      case 'number':
        return numberValue(schema);
      case 'array': {
        if (Array.isArray(schema.prefixItems))
          return fc.tuple(...(schema.prefixItems as Schema[]).map((item) => bodyValue(item, path, field, depth + 1)));
        const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
        const maxLength = Math.max(minLength, Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : 3, 3));
        return fc.array(bodyValue(schema.items as Schema, path, field, depth + 1), { minLength, maxLength });
      }
      case 'object':
        return objectValue(schema, path, depth);
      case 'string':
        return stringValue(schema, path, field);
      default:
        // The server refuses prototype poisoning (`__proto__`, `constructor.prototype` keys) with a 400 on
        // purpose (src/strict-http.test.ts); any other JSON value may stand here.
        return fc.jsonValue({ maxDepth: 1 }).filter((value) => !poisons(value));
    }
  }

  function numberValue(schema: Schema): fc.Arbitrary<number> {
    const step = typeof schema.multipleOf === 'number' ? schema.multipleOf : undefined;
    const low = (schema.minimum ?? schema.exclusiveMinimum ?? -1000) as number;
    const high = (schema.maximum ?? schema.exclusiveMaximum ?? 1_000_000) as number;
    if (!step) return fc.double({ min: low, max: high, noNaN: true });
    // Whole steps inside the range, written with no more places than the step has.
    const places = Math.max(0, Math.round(-Math.log10(step)));
    const lowStep = Math.ceil(low / step) + (schema.exclusiveMinimum !== undefined ? 1 : 0);
    const highStep = Math.floor(high / step) - (schema.exclusiveMaximum !== undefined ? 1 : 0);
    return fc
      .integer({ min: Math.max(lowStep, Number.MIN_SAFE_INTEGER), max: Math.min(highStep, Number.MAX_SAFE_INTEGER) })
      .map((k) => Number((k * step).toFixed(places)));
  }

  function objectValue(raw: Schema, path: string, depth: number): fc.Arbitrary<Record<string, unknown>> {
    const schema = resolved(raw);
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    const names = (schema.propertyNames as Schema | undefined)?.enum as string[] | undefined;
    // Named properties (a bulk change's fields, CSV labels' columns): one of them, any value its schema allows.
    if (!Object.keys(properties).length && names?.length && depth <= 4) {
      const value = typeof schema.additionalProperties === 'object' ? (schema.additionalProperties as Schema) : { type: 'string', maxLength: 20 };
      const minimum = typeof schema.minProperties === 'number' ? schema.minProperties : 0;
      return fc.dictionary(fc.constantFrom(...names), bodyValue(value, path, undefined, depth + 1), { minKeys: minimum, maxKeys: Math.max(minimum, 2) });
    }
    // Free-form objects (rich text, filters) are checked by the operation itself: the empty one.
    if (!Object.keys(properties).length || depth > 4) return fc.constant({});
    const required = (schema.required ?? []) as string[];
    return fc.record(
      Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, bodyValue(property, path, name, depth + 1)])),
      { requiredKeys: required.filter((name) => name in properties) },
    );
  }

  function stringValue(schema: Schema, path: string, field: string | undefined): fc.Arbitrary<string> {
    const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
    const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : 40;
    // JSON Schema counts characters (code points), as the server does.
    const fits = (value: string) => [...value].length >= minLength && [...value].length <= maxLength;
    switch (schema.format) {
      case 'uuid': {
        const id = referenceFor(field, path);
        return id ? fc.constant(id) : fc.uuid({ version: 7 });
      }
      case 'date':
        return fc.date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
      case 'date-time':
        return fc.date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }).map((d) => d.toISOString());
    }
    // Text carrying JSON (a bulk change's `filters`): the JSON of a value its content schema takes.
    if (schema.contentMediaType === 'application/json' && schema.contentSchema)
      return bodyValue(schema.contentSchema as Schema, path, field, 2).map((value) => JSON.stringify(value)).filter(fits);
    if (typeof schema.pattern === 'string') return fc.stringMatching(new RegExp(schema.pattern, 'u')).filter(fits);
    if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as string[]));
    if (schema.format === 'email') return fc.emailAddress().filter(fits);
    return fc.string({ minLength, maxLength: Math.min(maxLength, Math.max(minLength, 40)), unit: 'binary' });
  }

  /** Ways to break a valid body the document refuses: a wrong type, a required field left out, a string too long, an unknown field. */
  function invalidBodies(raw: Schema | undefined, valid: Record<string, unknown>): { why: string; body: Record<string, unknown> }[] {
    const schema = resolved(raw);
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    const bodies: { why: string; body: Record<string, unknown> }[] = [];
    for (const [name, property] of Object.entries(properties)) {
      const p = resolved(property);
      const anyOf = ((p.anyOf ?? p.oneOf ?? []) as Schema[]).flatMap((alternative) => typesOf(resolved(alternative)));
      const accepted = new Set([...typesOf(p), ...anyOf]);
      if (!accepted.size) continue;
      const wrong = !accepted.has('object') ? { not: 'an object' } : !accepted.has('boolean') && !accepted.has('string') ? true : undefined;
      if (wrong !== undefined) bodies.push({ why: `${name} of a wrong type`, body: { ...valid, [name]: wrong } });
      if (typeof p.maxLength === 'number' && p.maxLength < 100_000)
        bodies.push({ why: `${name} too long`, body: { ...valid, [name]: 'x'.repeat(p.maxLength + 1) } });
    }
    for (const name of (schema.required ?? []) as string[]) {
      const { [name]: _left, ...rest } = valid;
      bodies.push({ why: `required ${name} left out`, body: rest });
    }
    if (schema.additionalProperties === false) bodies.push({ why: 'an unknown field', body: { ...valid, not_a_field: 1 } });
    return bodies;
  }

  return { resolved, parameterValue, invalidValue, bodyValue, objectValue, invalidBodies };
}

/** A key JSON.parse with prototype-poisoning protection refuses: `__proto__`, or `prototype` inside `constructor`. */
function poisons(value: unknown, inConstructor = false): boolean {
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(
    ([name, inner]) => name === '__proto__' || (inConstructor && name === 'prototype') || poisons(inner, name === 'constructor'),
  );
}
