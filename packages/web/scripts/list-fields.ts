/// <reference types="node" />
/**
 * Writes `src/api/list-fields.ts`: for every list item schema of the contract
 * (the `results` element of a list endpoint's answer, exported under its own
 * name: `clientSchema`), what the web's list grids read from it, as plain data:
 * each top-level field's kind (enum values included), whether the list engine
 * orders by it (`orderableFields`, the server's rule) and, for a related record
 * or a list of them, the key that names it. List pages build their columns
 * from this (`defineColumns`), so a list page's JavaScript carries no zod
 * schema; forms still load theirs when a create or edit dialog opens.
 *
 *   npx tsx packages/web/scripts/list-fields.ts
 *
 * `scripts/list-fields.test.ts` fails while the file is not what this writes.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { z } from 'zod';
import { orderableFields } from '@ops/contract/common/list-query';
import { unwrapSchema } from '@ops/contract/common/unwrap-schema';
import { isRecord, key, literal, loadContractModules, sortedExports } from './contract-modules';

const webRoot = path.resolve(import.meta.dirname, '..');
export const LIST_FIELDS_FILE = path.join(webRoot, 'src/api/list-fields.ts');

/** The key a grid shows for a related record, first found: `{id, name}` shows its name, a user their full name. */
const DISPLAY_KEYS = ['name', 'full_name', 'role', 'title', 'abbr', 'code', 'email'] as const;

/** One field as the grid reads it (the generated module declares the same type). */
export type ListFieldMeta =
  | { type: 'text' | 'number' | 'boolean'; orderable?: true }
  | { type: 'enum'; values: readonly string[]; orderable?: true }
  | { type: 'record' | 'records'; displayKey?: string };

export interface ItemFields {
  /** Import specifier of the contract module (`@ops/contract/records/records.schemas`). */
  module: string;
  /** The schema's export name (`clientSchema`). */
  schema: string;
  fields: Record<string, ListFieldMeta>;
}

/** The item schema of a list answer (`paginated(item)`), or undefined. */
function listItemOf(response: unknown): z.ZodObject | undefined {
  if (!(response instanceof z.ZodObject)) return undefined;
  const results = (response.shape as Record<string, z.ZodType>).results;
  if (!(results instanceof z.ZodArray) || !('count' in response.shape)) return undefined;
  const item = unwrapSchema(results.element as z.ZodType);
  return item instanceof z.ZodObject ? item : undefined;
}

/** Every list item schema answered by an endpoint of the contract. */
function listItems(modules: Record<string, unknown>[]): Set<z.ZodObject> {
  const items = new Set<z.ZodObject>();
  const collect = (value: unknown, depth: number) => {
    if (!isRecord(value) || depth > 3) return;
    if (typeof value.method === 'string' && typeof value.path === 'string' && isRecord(value.responses)) {
      const item = listItemOf(value.responses[200]);
      if (item) items.add(item);
      return;
    }
    for (const entry of Object.values(value)) collect(entry, depth + 1);
  };
  for (const exports of modules) for (const value of Object.values(exports)) collect(value, 0);
  return items;
}

function displayKey(schema: z.ZodType): string | undefined {
  if (!(schema instanceof z.ZodObject)) return undefined;
  const shape = schema.shape as Record<string, unknown>;
  return DISPLAY_KEYS.find((key) => key in shape);
}

export function fieldMeta(schema: z.ZodType, orderable: boolean): ListFieldMeta {
  const inner = unwrapSchema(schema);
  const order = orderable ? ({ orderable: true } as const) : {};
  if (inner instanceof z.ZodEnum) return { type: 'enum', values: inner.options as string[], ...order };
  if (inner instanceof z.ZodNumber) return { type: 'number', ...order };
  if (inner instanceof z.ZodBoolean) return { type: 'boolean', ...order };
  if (inner instanceof z.ZodObject) return { type: 'record', ...(displayKey(inner) ? { displayKey: displayKey(inner) } : {}) };
  if (inner instanceof z.ZodArray) {
    const nameKey = displayKey(unwrapSchema(inner.element as z.ZodType));
    return { type: 'records', ...(nameKey ? { displayKey: nameKey } : {}) };
  }
  return { type: 'text', ...order };
}

/** The fields of one item schema, in the schema's order. */
export function itemFields(item: z.ZodObject): Record<string, ListFieldMeta> {
  const orderable = new Set(orderableFields(item));
  return Object.fromEntries(
    Object.entries(item.shape as Record<string, z.ZodType>).map(([name, field]) => [name, fieldMeta(field, orderable.has(name))]),
  );
}

/** Every exported list item schema of the contract, by module path then export name. */
export async function contractListFields(): Promise<ItemFields[]> {
  const loaded = await loadContractModules();
  const items = listItems(loaded.map((entry) => entry.exports));
  const found: ItemFields[] = [];
  const names = new Map<string, string>();
  // A schema an entry re-exports (records.schemas re-exports its part files) is listed once, under
  // the first module in path order that exports it; two different schemas of one name are an error.
  const schemas = new Map<string, z.ZodObject>();
  for (const { module, exports } of loaded) {
    for (const [name, value] of sortedExports(exports)) {
      if (!(value instanceof z.ZodObject) || !items.has(value) || !name.endsWith('Schema')) continue;
      if (schemas.get(name) === value) continue;
      if (names.has(name)) throw new Error(`${name} is exported by both ${names.get(name)} and ${module}`);
      schemas.set(name, value);
      names.set(name, module);
      found.push({ module, schema: name, fields: itemFields(value) });
    }
  }
  return found;
}

/** `clientSchema` -> `clientListFields`. */
export const listFieldsName = (schema: string) => `${schema.replace(/Schema$/, '')}ListFields`;

function renderField(meta: ListFieldMeta): string {
  const parts = Object.entries(meta).map(([name, value]) =>
    Array.isArray(value)
      ? `${name}: [${value.map((v: string) => literal(v)).join(', ')}]`
      : `${name}: ${typeof value === 'string' ? literal(value) : String(value)}`,
  );
  return `{ ${parts.join(', ')} }`;
}

/** The module's source, formatted as the repository's Prettier settings say. */
export async function renderListFieldsModule(items: ItemFields[]): Promise<string> {
  const source = [
    "// Generated by scripts/list-fields.ts from the contract's list item schemas: do not edit.",
    '// `npx tsx packages/web/scripts/list-fields.ts` rewrites it; scripts/list-fields.test.ts fails while it is stale.',
    '/**',
    " * What list grids read from the contract's list item schemas, as plain data: each field's type (enum",
    ' * values included), whether the list engine orders by it, and the key that names a related record.',
    ' * List pages build their columns from these (`defineColumns`), so no zod schema loads with them.',
    ' */',
    '',
    '/** One top-level field of a list item. */',
    'export type ListFieldMeta =',
    "  | { readonly type: 'text' | 'number' | 'boolean'; readonly orderable?: true }",
    "  | { readonly type: 'enum'; readonly values: readonly string[]; readonly orderable?: true }",
    "  | { readonly type: 'record' | 'records'; readonly displayKey?: string };",
    '',
    "/** The fields of a list item schema, in the schema's order. */",
    'export type ListFields = Readonly<Record<string, ListFieldMeta>>;',
    '',
    ...items.map((item) =>
      [
        `/** \`${item.schema}\` of \`${item.module}\`. */`,
        `export const ${listFieldsName(item.schema)} = {\n${Object.entries(item.fields)
          .map(([name, meta]) => `${key(name)}: ${renderField(meta)}`)
          .join(',\n')},\n} as const satisfies ListFields;\n`,
      ].join('\n'),
    ),
  ].join('\n');
  const options = await prettier.resolveConfig(LIST_FIELDS_FILE);
  return prettier.format(source, { ...options, filepath: LIST_FIELDS_FILE });
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const source = await renderListFieldsModule(await contractListFields());
  fs.writeFileSync(LIST_FIELDS_FILE, source);
  console.log(`wrote ${path.relative(process.cwd(), LIST_FIELDS_FILE)}`);
}
