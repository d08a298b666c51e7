import { employeeSchema } from '@ops/contract/integrations/adp.schemas';
import type { ListRows } from '../../list-query/list-rows';
import type { ItemShape, ShapeNode } from '../../list-query/row-writer';
import { employeeListStatement } from './integrations.repository';

/**
 * The payroll employee list's item over its page statement's columns (list-query/list-rows.ts): the
 * keys in the contract's order, as `toItem` builds them in integrations.service.ts `employeesOf`
 * (the position title when the join found one, the manager when its EmpCode is not empty).
 * list-query/list-rows.test.ts proves the written items byte-identical to the hydrated ones.
 */
const NESTED: Record<string, ShapeNode> = {
  USERFIELDM1: {
    object: { id: { col: 'title.id' }, title: { col: 'title.title' }, site_contact: { col: 'title.site_contact' } },
    when: 'title.id',
  },
  reporting_manager: {
    from: ['manager.EmpCode', 'manager.EmployeeName'],
    compute: (code: string | null, name: string | null) => (code ? { EmpCode: code, EmployeeName: name } : null),
  },
};

export const employeeListRows: ListRows = {
  statement: (db) => employeeListStatement(db),
  id: 'employee.id',
  shape: Object.fromEntries(Object.keys(employeeSchema.shape).map((key) => [key, NESTED[key] ?? { col: `employee.${key}` }])) as ItemShape,
};
