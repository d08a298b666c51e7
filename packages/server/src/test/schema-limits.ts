import { randomInt } from 'node:crypto';
import { z } from 'zod';

/** A string field with a maximum length somewhere inside a request schema. */
export interface StringLimit {
  /** Path from the body's root; array items are addressed by index 0. */
  path: (string | number)[];
  max: number;
  /** The field's own schema (with its wrappers), used to pick values it accepts. */
  schema: z.ZodType;
}

/**
 * Walks a zod schema (objects, arrays, optional/nullable/default wrappers,
 * pipes) and returns every string field with a maximum length, so boundary
 * tests follow the contract instead of a hand-kept list.
 */
export function stringLimits(
  schema: z.ZodType,
  path: (string | number)[] = [],
  field: z.ZodType = schema,
  depth = 0,
): StringLimit[] {
  if (depth > 12) return [];
  if (schema instanceof z.ZodString) {
    // Character limits counted as the database counts them are kept as metadata (see atMostCharacters).
    const max = schema.maxLength ?? (schema.meta()?.maxLength as number | undefined);
    return typeof max === 'number' ? [{ path, max, schema: field }] : [];
  }
  if (schema instanceof z.ZodObject) {
    return Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([key, child]) =>
      stringLimits(child, [...path, key], child, depth + 1),
    );
  }
  if (schema instanceof z.ZodArray)
    return stringLimits(schema.element as z.ZodType, [...path, 0], schema.element as z.ZodType, depth + 1);
  if (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodNullable ||
    schema instanceof z.ZodDefault ||
    schema instanceof z.ZodPrefault ||
    schema instanceof z.ZodReadonly ||
    schema instanceof z.ZodCatch
  ) {
    return stringLimits(schema.unwrap() as z.ZodType, path, field, depth + 1);
  }
  if (schema instanceof z.ZodPipe) {
    // A pipe's input side carries the length rule (`z.string().max(n).pipe(z.email())`); report the field once.
    const found = stringLimits(schema.in as z.ZodType, path, field, depth + 1);
    return found.length ? found : stringLimits(schema.out as z.ZodType, path, field, depth + 1);
  }
  return [];
}

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const DIGITS = '0123456789';
/** Letters outside ASCII, each one UTF-16 unit and one PostgreSQL character (2 or 3 UTF-8 bytes). */
const UNICODE = 'éüßñøçåæ漢字語ありがとう한국어ДЖЯ';
/** Characters beyond the BMP: two UTF-16 units each but one PostgreSQL character (4 UTF-8 bytes). */
const ASTRAL = [...'😀🍲🥗🧑𝒜𝔅𠀀𠁆'];

/** Which characters a boundary value is made of. */
export type Script = 'ascii' | 'unicode' | 'astral';
export const SCRIPTS: Script[] = ['ascii', 'unicode', 'astral'];
/** One character of the script, to go one past a limit. */
export const oneCharacter = (script: Script) => ({ ascii: 'a', unicode: 'é', astral: '😀' })[script];

const pick = (alphabet: string | string[], length: number) =>
  Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
const characters = (value: string) => [...value].length;

function emailOfLength(length: number, alphabet: string | string[]): string | undefined {
  const suffix = '.test';
  const local = pick(alphabet, Math.min(40, length - 3 - suffix.length));
  if (characters(local) < 1) return undefined;
  const labels: string[] = [];
  let remaining = length - characters(local) - 1 - suffix.length;
  while (remaining > 0) {
    let size = Math.min(60, remaining);
    // Never leave a lone dot for the last label.
    if (remaining > 60 && remaining - size - 1 < 1) size = remaining - 2;
    labels.push(pick(alphabet, size));
    remaining -= size;
    if (remaining > 0) remaining -= 1;
  }
  return `${local}@${labels.join('.')}${suffix}`;
}

/**
 * A value of exactly `length` characters (code points, as PostgreSQL counts)
 * that the field's own schema accepts, in plain ASCII, in non-ASCII letters or
 * in characters beyond the BMP; undefined when no generator fits the field's format.
 */
export function valueOfLength(limit: StringLimit, length: number, script: Script, shape?: 'email'): string | undefined {
  const unicode = script !== 'ascii';
  const alphabets = script === 'astral' ? [ASTRAL] : unicode ? [UNICODE] : [LOWER, UPPER, DIGITS];
  for (const alphabet of alphabets) {
    if (shape === 'email') {
      const value = emailOfLength(length, alphabet);
      return value && limit.schema.safeParse(value).success ? value : undefined;
    }
    const candidates = [
      () => pick(alphabet, length),
      () => emailOfLength(length, unicode ? LOWER : alphabet),
      () => (length > 16 ? `https://e.test/${pick(alphabet, length - 15)}` : undefined),
    ];
    for (const make of candidates) {
      const value = make();
      if (value === undefined || characters(value) !== length) continue;
      if (unicode && !/[^\x00-\x7f]/.test(value)) continue;
      if (limit.schema.safeParse(value).success) return value;
    }
  }
  return undefined;
}

/** `{a: {b: [value]}}` for the path a.b.0. */
export function bodyWith(path: (string | number)[], value: unknown): Record<string, unknown> {
  let node: unknown = value;
  for (const part of [...path].reverse()) node = typeof part === 'number' ? [node] : { [part]: node };
  return node as Record<string, unknown>;
}

/** The value at `path` in a JSON answer (array indices followed as given). */
export function valueAt(body: unknown, path: (string | number)[]): unknown {
  let node = body;
  for (const part of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[String(part)];
  }
  return node;
}
