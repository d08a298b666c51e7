import { timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../ids';

/** Primary key generated in application code (time-ordered v7; PostgreSQL 15 has no uuidv7()). */
export const idColumn = () => uuid('id').primaryKey().$defaultFn(uuidv7);

export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
