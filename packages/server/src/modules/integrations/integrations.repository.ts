import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { employees, positionTitles } from '../../db/schema/adp';
import { invoiceHeaders } from '../../db/schema/buylink';
import { vendInvoiceJours } from '../../db/schema/dynamics';
import { directoryGroups } from '../../db/schema/google-sync';
import { syncRuns } from '../../db/schema/integrations';
import type { DbOrTx } from '../../platform/db';
import { idIn } from '../../list-query/list-page';
import type { PreparedSelect } from '../../list-query/list-rows';
import { statementName } from '../../platform/named-statements';

/** A page of employees with their position title and reporting manager (joined by EmpCode), by a condition on the employee's id. */
function employeePageQuery(db: DbOrTx, match: SQL) {
  const manager = alias(employees, 'manager');
  return db
    .select({
      employee: employees,
      title: { id: positionTitles.id, title: positionTitles.title, site_contact: positionTitles.site_contact },
      manager: { EmpCode: manager.EmpCode, EmployeeName: manager.EmployeeName },
    })
    .from(employees)
    .leftJoin(positionTitles, eq(positionTitles.title, employees.USERFIELDM1))
    .leftJoin(manager, eq(manager.EmpCode, employees.reporting_manager))
    .where(match);
}

/**
 * The employee list's page statement (list-query/list-rows.ts): the page's ids bound at execution
 * (`ids`, comma-joined), the same text and name as `employeesByIds` runs for a page.
 */
export function employeeListStatement(db: DbOrTx): PreparedSelect {
  const query = employeePageQuery(db, sql`${employees.id} = any(string_to_array(${sql.placeholder('ids')}, ',')::uuid[])`);
  return query.prepare(statementName('adp_employee_page', query)) as PreparedSelect;
}

/**
 * A synced table's page statement (list-query/list-rows.ts): the rows whose id is one of the page's,
 * the ids bound at execution as one JSON array text (`ids`, `syncedPageIds`). Synced ids are uuid,
 * int64 or varchar text that may hold commas, quotes or backslashes, so the comma-joined binding of
 * the other lists would split them; JSON quotes any text, and each element is cast to the id
 * column's type (without a length: a cast to varchar(n) would cut a longer text) so its index
 * serves the lookup. One text, so one name, per table.
 */
export function syncedListStatement(db: DbOrTx, table: PgTable, id: PgColumn): PreparedSelect {
  const elementType = id.getSQLType().replace(/\(.*\)$/, '');
  const query = db
    .select()
    .from(table)
    .where(sql`${id} = any(array(select jsonb_array_elements_text(${sql.placeholder('ids')}::jsonb)::${sql.raw(elementType)}))`);
  return query.prepare(statementName('synced_page', query)) as PreparedSelect;
}

/** The value `syncedListStatement` binds to `ids`. */
export const syncedPageIds = (ids: readonly string[]): string => JSON.stringify(ids);

/** Reads of the synced tables for the API: rows by page ids, one statement per page. */
export function createIntegrationsRepository(db: DbOrTx) {
  return {
    /** A synced table's rows by page ids: one named statement, the one its list writes from rows (`syncedListStatement`). */
    async rowsByIds(table: PgTable, id: PgColumn, ids: string[]): Promise<Record<string, unknown>[]> {
      if (!ids.length) return [];
      return (await syncedListStatement(db, table, id).execute({ ids: syncedPageIds(ids) })) as Record<string, unknown>[];
    },

    /**
     * Employees with their position title and reporting manager (joined by EmpCode): one named
     * statement, the one the employee list writes from rows (`employeeListStatement`).
     */
    async employeesByIds(ids: string[]) {
      if (!ids.length) return [];
      const query = employeePageQuery(db, idIn(employees.id, ids));
      return query.prepare(statementName('adp_employee_page', query)).execute();
    },

    async groupExists(id: string): Promise<boolean> {
      const rows = await db.select({ id: directoryGroups.id }).from(directoryGroups).where(eq(directoryGroups.id, id));
      return rows.length > 0;
    },

    async journal(id: string) {
      const [row] = await db.select().from(vendInvoiceJours).where(eq(vendInvoiceJours.id, id));
      return row;
    },

    async invoice(id: string) {
      const [row] = await db.select().from(invoiceHeaders).where(eq(invoiceHeaders.id, id));
      return row;
    },

    async group(id: string) {
      const [row] = await db.select().from(directoryGroups).where(eq(directoryGroups.id, id));
      return row;
    },

    async runsByIds(ids: string[]) {
      if (!ids.length) return [];
      return db.select().from(syncRuns).where(inArray(syncRuns.id, ids));
    },

    /** Whether an int64 text is in range before it reaches a bigint comparison. */
    fitsInt64: (value: string) => BigInt(value) <= 9223372036854775807n,
  };
}
export type IntegrationsRepository = ReturnType<typeof createIntegrationsRepository>;
export { sql };
