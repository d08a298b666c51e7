import { z } from 'zod';
import { ERROR_MESSAGES } from './errors';

/** Building blocks reused by every module's schemas. */
export const uuid = () => z.uuid({ error: ERROR_MESSAGES.uuid });
export const isoDateTime = () => z.string().describe('ISO-8601 date-time (UTC)').meta({ format: 'date-time' });
export const isoDate = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, ERROR_MESSAGES.dateFormat)
    .refine(
      (value) =>
        !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
      ERROR_MESSAGES.dateFormat,
    )
    .meta({ format: 'date' });
/** Characters as PostgreSQL counts them (code points), not UTF-16 units: an emoji is one. */
export const characterCount = (value: string): number => {
  let count = 0;
  for (const _character of value) count++;
  return count;
};
/**
 * A limit of `max` characters counted like the database column does; `maxLength` is kept as
 * metadata so OpenAPI, forms and the boundary tests still see the limit.
 */
export const atMostCharacters =
  (max: number) =>
  <T extends z.ZodString>(schema: T): T =>
    schema
      .refine((value) => characterCount(value) <= max, `Ensure this field has no more than ${max} characters.`)
      .meta({ maxLength: max });
export const maxText = (max: number) => atMostCharacters(max)(z.string());
// Blank once trimmed is refused: documented as some character other than white space (and NUL, refused everywhere).
export const requiredText = (max: number) =>
  atMostCharacters(max)(z.string().trim().min(1, ERROR_MESSAGES.blank)).meta({ pattern: '^[^\\u0000]*[^\\s\\u0000][^\\u0000]*$' });
export const email = (max = 254) =>
  atMostCharacters(max)(z.string().trim())
    .pipe(z.email({ error: ERROR_MESSAGES.email }))
    .meta({ format: 'email', pattern: z.regexes.email.source, maxLength: max });

/** Audit fields every business record carries; read-only on input. */
export const auditFields = {
  created_at: isoDateTime(),
  updated_at: isoDateTime(),
  created_by: uuid().nullable(),
  updated_by: uuid().nullable(),
};

/** A user as embedded in other records. */
export const userRefSchema = z.object({ id: uuid(), full_name: z.string() });
export const userWithEmailSchema = z.object({ id: uuid(), full_name: z.string(), email: z.string() });

/** Deeper JSON than any real document; refused before anything recurses into it (a stack overflow is a server error). */
export const MAX_JSON_DEPTH = 100;

/** Whether a JSON value nests objects/arrays deeper than `max`; iterative, so it cannot overflow itself. */
export function jsonNestedDeeperThan(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}
