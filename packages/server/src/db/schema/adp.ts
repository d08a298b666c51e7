import { sql } from 'drizzle-orm';
import { boolean, check, date, index, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';

/* Mirror of the payroll system's employee list. Property names are the API field names. */

export const positionTitles = pgTable(
  'adp_position_title',
  {
    id: uuid('id').primaryKey(),
    title: varchar('title', { length: 100 }).notNull().unique('adp_position_title_title_uq'),
    /** Our own flag (never synced): holders of this position are a site's contact. */
    site_contact: boolean('site_contact').notNull().default(false),
  },
);

export const employees = pgTable(
  'adp_employee',
  {
    id: uuid('id').primaryKey(),
    EmpCode: varchar('emp_code', { length: 20 }).notNull(),
    CompID: varchar('comp_id', { length: 10 }).notNull(),
    Location: varchar('location', { length: 100 }),
    EmpCategory: varchar('emp_category', { length: 50 }),
    EmployeeName: varchar('employee_name', { length: 150 }).notNull(),
    State: varchar('state', { length: 10 }),
    FirstName: varchar('first_name', { length: 60 }),
    LastName: varchar('last_name', { length: 60 }),
    PreferredName: varchar('preferred_name', { length: 60 }),
    Email: varchar('email', { length: 254 }),
    Mobile: varchar('mobile', { length: 30 }),
    StartDate: date('start_date', { mode: 'string' }),
    TerminationDate: date('termination_date', { mode: 'string' }),
    Status: varchar('status', { length: 10 }).notNull(),
    /** Cost centre code; joins to the operations cost centre by code. */
    CostCentre: varchar('cost_centre_code', { length: 20 }),
    USERFIELDM1: varchar('position_title', { length: 100 }).references(() => positionTitles.title),
    /** EmpCode of the manager (no foreign key: a manager may sit in another payroll company). */
    reporting_manager: varchar('reporting_manager_code', { length: 20 }),
  },
  (t) => [
    uniqueIndex('adp_employee_emp_code_uq').on(t.EmpCode),
    check('adp_employee_status_ck', sql`${t.Status} in ('Active', 'Inactive', 'Terminated')`),
    check('adp_employee_dates_ck', sql`${t.TerminationDate} is null or ${t.StartDate} is null or ${t.TerminationDate} >= ${t.StartDate}`),
    index('adp_employee_name_idx').on(t.EmployeeName, t.id),
    index('adp_employee_comp_idx').on(t.CompID, t.EmpCode),
    index('adp_employee_location_idx').on(t.Location, t.id),
    index('adp_employee_state_idx').on(t.State, t.id),
    index('adp_employee_cost_centre_idx').on(t.CostCentre, t.id),
    // A site's timeline (starts and terminations newest first) and derived allocations (matched by e-mail).
    index('adp_employee_cost_centre_start_idx').on(t.CostCentre, t.StartDate, t.id),
    index('adp_employee_cost_centre_end_idx').on(t.CostCentre, t.TerminationDate, t.id),
    index('adp_employee_email_lower_idx').on(sql`lower(${t.Email})`),
    index('adp_employee_status_idx').on(t.Status),
    index('adp_employee_start_idx').on(t.StartDate, t.id),
    index('adp_employee_manager_idx').on(t.reporting_manager),
    index('adp_employee_position_idx').on(t.USERFIELDM1),
    index('adp_employee_name_trgm').using('gin', sql`${t.EmployeeName} gin_trgm_ops`),
    index('adp_employee_code_trgm').using('gin', sql`${t.EmpCode} gin_trgm_ops`),
  ],
);
