import { z } from 'zod';
import { date, text } from './synced-fields';

/** Payroll employees from ADP Workforce Now (source casing kept: EmpCode, USERFIELDM1 ...). */
export const positionTitleSchema = z.object({ id: z.uuid(), title: z.string(), site_contact: z.boolean() });
export type PositionTitle = z.infer<typeof positionTitleSchema>;

export const reportingManagerEmployeeSchema = z.object({ EmpCode: z.string(), EmployeeName: z.string() });

export const EMPLOYMENT_STATUSES = ['Active', 'Inactive', 'Terminated'] as const;

export const employeeSchema = z.object({
  EmpCode: z.string(),
  CompID: z.string(),
  Location: text(),
  EmpCategory: text(),
  EmployeeName: z.string(),
  State: text(),
  FirstName: text(),
  LastName: text(),
  PreferredName: text(),
  Email: text(),
  Mobile: text(),
  StartDate: date(),
  TerminationDate: date(),
  Status: z.enum(EMPLOYMENT_STATUSES),
  CostCentre: text().describe('Cost centre code (operations cost centre code)'),
  USERFIELDM1: positionTitleSchema.nullable().describe('Position title'),
  reporting_manager: reportingManagerEmployeeSchema.nullable(),
});
export type Employee = z.infer<typeof employeeSchema>;
