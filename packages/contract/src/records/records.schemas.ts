import { z } from 'zod';
import { maxText, requiredText, userWithEmailSchema, uuid } from '../common/fields';
import { ERROR_MESSAGES, tooMany } from '../common/errors';

/**
 * Business records of spec api-contract §3 (accounts, base data, operations, maps). Input
 * schemas take references as ids; output shapes embed the referenced records.
 */

export * from './records.values';
import { RELATION_STATUSES, ACCOUNT_TYPES, ACCOUNT_SOURCES, SALUTATIONS, PRONOUNS, GENDERS, COMMUNICATION_PREFERENCES, CONTACT_PERSON_TYPES, OPERATION_STATUSES } from './records.values';

import { auditOutput, choice, decimal, freeText, httpUrl, optionalDate, optionalRef, optionalText } from './record-fields';
export { choice, decimal } from './record-fields';
export * from './addresses.schemas';
import { addressInputSchema, addressPublicSchema, contactInputSchema, primaryContactsSchema } from './addresses.schemas';

/** Fields every record that owns addresses and contacts shows in its list and detail views. */
const primaryFields = { primary_address: addressPublicSchema.nullable(), primary_contacts: primaryContactsSchema };

/** Create input of clients and legal entities: one address and any number of contacts, stored with the record. */
const nestedCreate = {
  address: addressInputSchema.optional(),
  contacts: z.array(contactInputSchema).max(50, tooMany(50)).optional(),
};

// ---------------------------------------------------------------- base data

export const legalEntityRefSchema = z.object({ id: uuid(), name: z.string(), abbr: z.string().nullable() });
export const industryPublicSchema = z.object({ id: uuid(), name: z.string() });
export const subIndustryRefSchema = z.object({ id: uuid(), name: z.string() });

const abbrField = () =>
  maxText(11)
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value?.trim() || null));

export const legalEntityInputSchema = z.object({
  name: requiredText(255),
  abn: optionalText(11),
  acn: optionalText(11),
  search_name: optionalText(255),
  abbr: abbrField(),
});
export const legalEntityCreateSchema = legalEntityInputSchema.extend(nestedCreate);
export const legalEntityPatchSchema = legalEntityInputSchema.partial();

export const legalEntitySchema = z.object({
  id: uuid(),
  name: z.string(),
  abn: z.string(),
  acn: z.string(),
  search_name: z.string(),
  abbr: z.string().nullable(),
  ...primaryFields,
  ...auditOutput,
});
export type LegalEntity = z.infer<typeof legalEntitySchema>;

export const industryInputSchema = z.object({
  name: requiredText(255),
  description: freeText(),
  legal_entity: optionalRef(),
});
export const industryPatchSchema = industryInputSchema.partial();
export const industrySchema = z.object({
  id: uuid(),
  name: z.string(),
  description: z.string(),
  legal_entity: legalEntityRefSchema.nullable(),
  sub_industries_count: z.number().int(),
  ...auditOutput,
});

export const subIndustryInputSchema = z.object({ name: requiredText(255), description: freeText(), industry: uuid() });
export const subIndustryPatchSchema = subIndustryInputSchema.partial();
/** Nested under an industry: the path names the industry. */
export const nestedSubIndustryInputSchema = subIndustryInputSchema.omit({ industry: true });
export const nestedSubIndustryPatchSchema = nestedSubIndustryInputSchema.partial();
export const subIndustrySchema = z.object({
  id: uuid(),
  name: z.string(),
  description: z.string(),
  industry: industryPublicSchema,
  ...auditOutput,
});

// ---------------------------------------------------------------- accounts

/** Embedded related records keep their id; the other fields are null when the record is outside the caller's allocation (withheld). */
export const clientRefSchema = z.object({ id: uuid(), name: z.string().nullable(), account_number: z.string().nullable() });

const clientFields = {
  owner: uuid(),
  account_number: requiredText(50),
  abn: optionalText(11),
  acn: optionalText(11),
  name: requiredText(255),
  description: freeText(),
  master_record: optionalRef(),
  parent: optionalRef(),
  legal_entity: uuid(),
  industry: optionalRef(),
  sub_industry: optionalRef(),
  relation_status: choice(RELATION_STATUSES).optional(),
  account_type: choice(ACCOUNT_TYPES).optional(),
  account_source: choice(ACCOUNT_SOURCES).optional(),
  number_of_employees: z
    .number({ error: (issue) => (issue.input === undefined ? ERROR_MESSAGES.required : ERROR_MESSAGES.integer) })
    .int(ERROR_MESSAGES.integer)
    .min(0, ERROR_MESSAGES.notNegative)
    .max(2147483647, 'Ensure this value is less than or equal to 2147483647.')
    .nullable()
    .optional(),
  annual_revenue: decimal({ digits: 14, places: 2 }).nullable().optional(),
  ticker_symbol: optionalText(10),
};
export const clientInputSchema = z.object(clientFields);
export const clientCreateSchema = clientInputSchema.extend(nestedCreate);
export const clientPatchSchema = clientInputSchema.partial();
export type ClientInput = z.output<typeof clientInputSchema>;

export const clientSchema = z.object({
  id: uuid(),
  owner: userWithEmailSchema,
  account_number: z.string(),
  abn: z.string(),
  acn: z.string(),
  name: z.string(),
  description: z.string(),
  master_record: clientRefSchema.nullable(),
  parent: clientRefSchema.nullable(),
  legal_entity: legalEntityRefSchema,
  industry: industryPublicSchema.nullable(),
  sub_industry: subIndustryRefSchema.nullable(),
  relation_status: z.enum(RELATION_STATUSES),
  account_type: z.enum(ACCOUNT_TYPES),
  account_source: z.enum(ACCOUNT_SOURCES),
  number_of_employees: z.number().int().nullable(),
  annual_revenue: z.string().nullable(),
  ticker_symbol: z.string(),
  ...primaryFields,
  ...auditOutput,
});
export type Client = z.infer<typeof clientSchema>;

export const clientOwnerSchema = z.object({ name: z.string(), email: z.string(), phone: z.string() });

export const contactPersonRefSchema = z.object({ id: uuid(), full_name: z.string().nullable() });

export const contactPersonInputSchema = z.object({
  company: uuid(),
  reports_to: optionalRef(),
  salutation: choice(SALUTATIONS).optional(),
  pronouns: choice(PRONOUNS).optional(),
  gender: choice(GENDERS).optional(),
  first_name: optionalText(50),
  middle_name: optionalText(50),
  last_name: optionalText(50),
  pref_name: optionalText(50),
  birthday: optionalDate(),
  department: optionalText(60),
  position: optionalText(60),
  is_still_with_company: z.boolean({ error: ERROR_MESSAGES.boolean }).optional(),
  communication_preference: choice(COMMUNICATION_PREFERENCES).optional(),
  contact_person_type: choice(CONTACT_PERSON_TYPES).optional(),
  is_primary: z.boolean({ error: ERROR_MESSAGES.boolean }).optional(),
  is_email_opt_out: z.boolean({ error: ERROR_MESSAGES.boolean }).optional(),
  do_not_call: z.boolean({ error: ERROR_MESSAGES.boolean }).optional(),
  availability: optionalText(50),
  linkedin_profile: httpUrl(80).optional(),
  profile_photo_url: httpUrl(80).optional(),
  notes: optionalText(255),
});
export const contactPersonPatchSchema = contactPersonInputSchema.partial();

export const contactPersonSchema = z.object({
  id: uuid(),
  company: clientRefSchema,
  reports_to: contactPersonRefSchema.nullable(),
  salutation: z.enum(SALUTATIONS),
  pronouns: z.enum(PRONOUNS),
  gender: z.enum(GENDERS),
  first_name: z.string(),
  middle_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  pref_name: z.string(),
  birthday: z.string().nullable(),
  department: z.string(),
  position: z.string(),
  is_still_with_company: z.boolean(),
  communication_preference: z.enum(COMMUNICATION_PREFERENCES),
  contact_person_type: z.enum(CONTACT_PERSON_TYPES),
  is_primary: z.boolean(),
  is_email_opt_out: z.boolean(),
  do_not_call: z.boolean(),
  availability: z.string(),
  linkedin_profile: z.string(),
  profile_photo_url: z.string(),
  notes: z.string(),
  ...primaryFields,
  ...auditOutput,
});

/** Client contact roles and operation contact roles share one shape (spec platform §10: the name is `role`). */
export const roleInputSchema = z.object({ role: requiredText(255), responsibility: optionalText(255) });
export const rolePatchSchema = roleInputSchema.partial();
export const roleSchema = z.object({ id: uuid(), role: z.string(), responsibility: z.string(), ...auditOutput });
export const roleRefSchema = z.object({ id: uuid(), role: z.string(), responsibility: z.string() });

const roleIds = () =>
  z.array(uuid(), { error: (issue) => (issue.input === undefined ? ERROR_MESSAGES.required : ERROR_MESSAGES.list) }).max(50).optional();
const dateRange = <T extends z.ZodObject>(schema: T) =>
  schema.superRefine((value: { start_date?: string | null; end_date?: string | null }, ctx) => {
    if (value.start_date && value.end_date && value.end_date < value.start_date) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: ERROR_MESSAGES.endBeforeStart });
    }
  });

const clientRelationFields = {
  client: uuid(),
  contact_person: uuid(),
  role: roleIds(),
  start_date: optionalDate(),
  end_date: optionalDate(),
};
export const contactRelationInputSchema = dateRange(z.object(clientRelationFields));
export const contactRelationPatchSchema = dateRange(z.object(clientRelationFields).partial());
export const contactRelationSchema = z.object({
  id: uuid(),
  client: clientRefSchema,
  contact_person: contactPersonRefSchema,
  role: z.array(roleRefSchema),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  ...auditOutput,
});

// ---------------------------------------------------------------- operations

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

// ---------------------------------------------------------------- maps

export const mapPositionSchema = z.object({ lat: z.number(), lng: z.number() });

export const clientMarkerSchema = z.object({
  id: uuid(),
  position: mapPositionSchema,
  data: z.object({
    id: uuid(),
    division: z.string().nullable(),
    account_type: z.enum(ACCOUNT_TYPES),
    account_number: z.string(),
    name: z.string(),
    industry: z.string().nullable(),
    sub_industry: z.string().nullable(),
    banner: z.string().nullable(),
    primary_email: z.string().nullable(),
    owner: z.string().nullable(),
    master_record: z.string().nullable(),
    state: z.string(),
    address: z.string(),
  }),
});

export const costCentreMarkerSchema = z.object({
  id: uuid(),
  position: mapPositionSchema,
  data: z.object({
    id: uuid(),
    name: z.string(),
    cost_centre_code: z.string(),
    is_primary: z.boolean(),
    operation_manager: z.string().nullable(),
    primary_email: z.string().nullable(),
    state: z.string(),
    primary_address: z.string(),
  }),
});
