import { z } from 'zod';
import { ValidationError } from '../platform/errors';
import { emptyRecord, refusePrototypeKeys } from '../platform/property-names';
import { unwrapSchema } from '@ops/contract/common/unwrap-schema';

/**
 * `select=id,name,legal_entity.name` as a tree: true selects a whole value.
 * Nodes have no prototype and prototype keys are refused, so a path such as
 * `__proto__.x` can never reach Object.prototype.
 */
const MAX_PATH_PARTS = 5;
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const MAX_SELECT_PATHS = 200;

export type SelectTree = { [key: string]: true | SelectTree };

export function parseSelect(raw: string): SelectTree {
  const tree: SelectTree = emptyRecord();
  const paths = raw.split(',').map((p) => p.trim()).filter(Boolean);
  if (paths.length > MAX_SELECT_PATHS) throw ValidationError.field('select', 'Too many fields.');
  for (const path of paths) {
    const parts = path.split('.');
    if (parts.some((p) => !FIELD_NAME.test(p)) || parts.length > MAX_PATH_PARTS) {
      throw ValidationError.field('select', `"${path.slice(0, 100)}" is not a valid field path.`);
    }
    refusePrototypeKeys('select', parts, path);
    let node = tree;
    for (const [index, part] of parts.entries()) {
      if (index === parts.length - 1) {
        node[part] = true;
        break;
      }
      const existing = node[part];
      // The whole value is already selected: a path inside it adds nothing.
      if (existing === true) break;
      if (!existing) node[part] = emptyRecord();
      node = node[part] as SelectTree;
    }
  }
  return tree;
}

export function validateSelect(tree: SelectTree, schema: z.ZodType, prefix = ''): void {
  const object = unwrapSchema(schema, { arrays: true });
  if (!(object instanceof z.ZodObject)) {
    throw ValidationError.field('select', `"${prefix.slice(0, -1)}" has no nested fields.`);
  }
  const shape = object.shape as Record<string, z.ZodType>;
  for (const [key, sub] of Object.entries(tree)) {
    if (!Object.hasOwn(shape, key)) throw ValidationError.field('select', `"${prefix}${key}" is not a selectable field.`);
    if (sub !== true) validateSelect(sub, shape[key]!, `${prefix}${key}.`);
  }
}

/** Every path `validateSelect` accepts for this schema (`parseSelect` takes at most 5 parts). */
export function selectablePaths(schema: z.ZodType, prefix = '', depth = 1): string[] {
  const object = unwrapSchema(schema, { arrays: true });
  if (!(object instanceof z.ZodObject) || depth > MAX_PATH_PARTS) return [];
  return Object.entries(object.shape as Record<string, z.ZodType>)
    .filter(([key]) => FIELD_NAME.test(key))
    .flatMap(([key, sub]) => [
    `${prefix}${key}`,
    ...selectablePaths(sub, `${prefix}${key}.`, depth + 1),
  ]);
}

export function applySelect(value: unknown, tree: SelectTree): unknown {
  if (Array.isArray(value)) return value.map((item) => applySelect(item, tree));
  if (value === null || typeof value !== 'object') return value;
  const source = value as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  for (const [key, sub] of Object.entries(tree)) {
    if (!Object.hasOwn(source, key)) continue;
    result[key] = sub === true ? source[key] : applySelect(source[key], sub);
  }
  return result;
}
