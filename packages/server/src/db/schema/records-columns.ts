import { sql, type SQL } from 'drizzle-orm';
import { integer, text, uuid, varchar, type PgColumn } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { users } from './identity';

/** Audit columns every business record carries (set by the server, never from input). */
export const auditColumns = () => ({
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
  /** The row's version for conditional writes (ETag / If-Match): bumped by the row_version_bump trigger on every UPDATE. */
  version: integer('version').notNull().default(1),
});

/** Optional text is stored as '' (Django's blank=True), so filters never need to care about null. */
export const blankText = (name: string, length?: number) =>
  (length ? varchar(name, { length }) : text(name)).notNull().default('');

/** A check that the column holds one of the contract's values (quoted as SQL literals). */
export const inList = (column: PgColumn, values: readonly string[]): SQL =>
  sql`${column} in (${sql.join(values.map((v) => sql.raw(`'${v.replace(/'/g, "''")}'`)), sql`, `)})`;
