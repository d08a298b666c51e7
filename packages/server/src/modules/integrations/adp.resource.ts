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
