// The checked-in SQL's fixture and case helpers, shared by the case files (repository-sql-cases*.ts).
import type { Db } from '../platform/db';
import type { SQL } from 'drizzle-orm';
import { sqlFactory as anyFactory, sqlFactoryIncluding as anyFactoryIncluding, type SqlCases } from './repository-sql';


/** Rows the calls refer to, made through the API before the run (their ids are bound values, not in the text). */
export interface SqlFixture {
  user: string;
  other: string;
  /** A scoped viewer (user type 5): the allocation conditions go into the statements. */
  viewer: { id: string; userType: number; isSuperuser: boolean };
  legalEntity: string;
  industry: string;
  client: string;
  costCentre: string;
  contactPerson: string;
  ticket: string;
  /** An id that names nothing (deletes and updates aimed at it leave the fixture alone). */
  none: string;
  scope: SQL;
}
export type F = SqlFixture;
export const sqlFactory = <R extends object>(file: string, name: string, make: (db: Db) => R, cases: SqlCases<R, F>) =>
  anyFactory<R, F>(file, name, make, cases);
export const sqlFactoryIncluding = <R extends object>(file: string, name: string, make: (db: Db) => R, includes: string[], cases: Partial<SqlCases<R, F>>) =>
  anyFactoryIncluding<R, F>(file, name, make, includes, cases);
/** The instant the cases pass where a statement takes a time. */
export const at = new Date('2026-01-01T00:00:00Z');
