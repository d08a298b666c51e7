import { z } from 'zod';
import { requiredText, userWithEmailSchema, uuid } from '../common/fields';
import { ERROR_MESSAGES } from '../common/errors';
import { OPERATION_STATUSES } from './records.values';
import { choice, optionalText, optionalRef, optionalDate, auditOutput, roleIds, dateRange } from './record-fields';
import { primaryFields } from './addresses.schemas';
import { legalEntityRefSchema, industryPublicSchema, subIndustryRefSchema } from './base-data.schemas';
import { clientRefSchema, roleRefSchema } from './accounts.schemas';

/** Operations: brands, cost centres, their contacts, and the users related to them with operation contact roles. */

export const brandRefSchema = z.object({ id: uuid(), name: z.string() });
export const brandInputSchema = z.object({ name: requiredText(30), description: optionalText(50), legal_entity: optionalRef() });
export const brandPatchSchema = brandInputSchema.partial();
export const brandSchema = z.object({
  id: uuid(),
  name: z.string(),
  description: z.string(),
  legal_entity: legalEntityRefSchema.nullable(),
  ...auditOutput,
});

export const costCentreRefSchema = z.object({ id: uuid(), name: z.string().nullable(), code: z.string().nullable() });
export const costCentreInputSchema = z.object({
  code: requiredText(10),
  name: requiredText(50),
  email: requiredText(100).pipe(z.email({ error: ERROR_MESSAGES.email })).meta({ format: 'email', pattern: z.regexes.email.source }),
  operation_status: choice(OPERATION_STATUSES).optional(),
  notes: optionalText(255),
  legal_entity: uuid(),
  client: uuid(),
  franchisor: optionalRef(),
  industry: optionalRef(),
  sub_industry: optionalRef(),
  brand: optionalRef(),
});
export const costCentrePatchSchema = costCentreInputSchema.partial();
export const costCentreSchema = z.object({
  id: uuid(),
  code: z.string(),
  name: z.string(),
  email: z.string(),
  operation_status: z.enum(OPERATION_STATUSES),
  notes: z.string(),
  legal_entity: legalEntityRefSchema,
  client: clientRefSchema,
  franchisor: clientRefSchema.nullable(),
  industry: industryPublicSchema.nullable(),
  sub_industry: subIndustryRefSchema.nullable(),
  brand: brandRefSchema.nullable(),
  ...primaryFields,
  ...auditOutput,
});

export const operationsManagerSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  mobile: z.string(),
});
/** A cost centre's contact numbers and its operations manager (the user related with the "Operations Manager" role). */
export const operationContactsSchema = z.object({
  phone: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  operations_manager: operationsManagerSchema.nullable(),
});

/** Payroll employee as listed per cost centre (spec api-contract §3, "Employees"). */
export const employeeCostCentreSchema = costCentreRefSchema;

const costCentreRelationFields = {
  cost_centre: uuid(),
  contact_person: uuid(),
  role: roleIds(),
  start_date: optionalDate(),
  end_date: optionalDate(),
};
export const costCentreRelationInputSchema = dateRange(z.object(costCentreRelationFields));
export const costCentreRelationPatchSchema = dateRange(z.object(costCentreRelationFields).partial());
export const costCentreRelationSchema = z.object({
  id: uuid(),
  cost_centre: costCentreRefSchema,
  contact_person: userWithEmailSchema,
  role: z.array(roleRefSchema),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  ...auditOutput,
});
