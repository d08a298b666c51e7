import { z } from 'zod';
import { requiredText, userWithEmailSchema, uuid } from '../common/fields';
import { ERROR_MESSAGES } from '../common/errors';
import {
  RELATION_STATUSES,
  ACCOUNT_TYPES,
  ACCOUNT_SOURCES,
  SALUTATIONS,
  PRONOUNS,
  GENDERS,
  COMMUNICATION_PREFERENCES,
  CONTACT_PERSON_TYPES,
} from './records.values';
import {
  auditOutput,
  choice,
  dateRange,
  decimal,
  freeText,
  httpUrl,
  optionalDate,
  optionalRef,
  optionalText,
  roleIds,
} from './record-fields';
import { primaryFields, nestedCreate } from './addresses.schemas';
import { legalEntityRefSchema, industryPublicSchema, subIndustryRefSchema } from './base-data.schemas';

/** Accounts: clients, contact persons, client contact roles and the relations between them. */

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
