import { z } from 'zod';

/**
 * The value's own schema under nullable, optional, default and pipe wrappers (and list elements with
 * `arrays`). A pipe is entered on its output side by default, the shape an answer has; `pipe: 'in'`
 * enters its input side, the shape a request or an imported cell has.
 */
export function unwrapSchema(schema: z.ZodType, options: { pipe?: 'in' | 'out'; arrays?: boolean } = {}): z.ZodType {
  let current = schema;
  // Bounded: a schema cannot nest wrappers deeper than this in practice, and a cycle must not hang.
  for (let i = 0; i < 10; i++) {
    if (current instanceof z.ZodNullable || current instanceof z.ZodOptional || current instanceof z.ZodDefault)
      current = current.unwrap() as z.ZodType;
    else if (current instanceof z.ZodPipe) current = (options.pipe === 'in' ? current.in : current.out) as z.ZodType;
    else if (options.arrays && current instanceof z.ZodArray) current = current.element as z.ZodType;
    else break;
  }
  return current;
}
