import { z } from 'zod';
import { maxText, requiredText, uuid } from '../common/fields';
import { optionalText, freeText, optionalRef, auditOutput } from './record-fields';
import { primaryFields, nestedCreate } from './addresses.schemas';

/** Base data: legal entities, industries and sub-industries. */

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
