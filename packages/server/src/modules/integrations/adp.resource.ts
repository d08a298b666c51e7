import { eq, sql, type SQL } from 'drizzle-orm';
import { employeeSchema, EMPLOYMENT_STATUSES } from '@ops/contract/integrations/adp.schemas';
import { employees } from '../../db/schema/adp';
import { costCentres } from '../records/index';
import type { ListViewer } from '../../list-query/list-resource';
import { costCentresResource } from '../records/index';
import { syncedResource } from './synced-resource';

export const employeesResource = syncedResource({
  name: 'employees',
  table: employees,
  id: employees.id,
  itemSchema: employeeSchema,
  order: ['EmpCode', 'EmployeeName', 'CompID', 'Location', 'State', 'CostCentre', 'StartDate'],
  search: ['EmpCode', 'EmployeeName'],
  defaultOrdering: ['EmployeeName'],
  enums: { Status: EMPLOYMENT_STATUSES },
});

/** The payroll employees of one of our cost centres (matched on its code). */
export const employeesAtCostCentre = (code: string) => eq(employees.CostCentre, code);

/**
 * The payroll employees a viewer may see: for Operation and Site users, those of the cost centres
 * in their allocation (matched on the code, as a cost centre's employees are); everyone else all.
 */
export function employeesVisibleTo(viewer: ListViewer): SQL | undefined {
  const scope = costCentresResource.rowScope?.(viewer);
  return scope ? sql`${employees.CostCentre} in (select ${costCentres.code} from ${costCentres} where ${scope})` : undefined;
}
