import { eq } from 'drizzle-orm';
import { employeeSchema, EMPLOYMENT_STATUSES } from '@ops/contract/integrations/adp.schemas';
import { employees } from '../../db/schema/adp';
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
