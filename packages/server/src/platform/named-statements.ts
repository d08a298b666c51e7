import { createHash } from 'node:crypto';

/**
 * A name for a hot statement, derived from its text: on PostgreSQL a named statement is parsed and
 * planned once per pooled connection and then only executed (node-postgres sends `name`; Drizzle's
 * `.prepare(name)`). The text's hash in the name keeps one name to one text, as a connection
 * requires, whatever conditions (scopes, filters) the text carries; the caller keeps the number of
 * distinct texts small (a fixed shape with a few scope variants), since each one stays prepared
 * on each connection while it is open. PGlite ignores the name.
 */
export function statementName(prefix: string, query: { toSQL(): { sql: string } }): string {
  return `${prefix}_${createHash('sha1').update(query.toSQL().sql).digest('hex').slice(0, 16)}`;
}
