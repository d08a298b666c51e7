import { and, type SQL } from 'drizzle-orm';

/** The conjunction of the conditions given (undefined ones left out); undefined when none is. */
export function sqlAnd(...conditions: (SQL | undefined)[]): SQL | undefined {
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length ? and(...present) : undefined;
}
