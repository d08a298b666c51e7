import { z } from 'zod';
import { requiredText, uuid } from '../common/fields';
import { ADDRESS_PURPOSES, CONTACT_TYPES } from './records.values';
import { auditOutput, choice, freeText, latitude, longitude, optionalText, required } from './record-fields';

/** Addresses and contacts of the business records (spec api-contract §3), owned by a client, contact person, cost centre or legal entity. */

export const ADDRESS_OWNERS = ['client', 'contact_person', 'cost_centre', 'legal_entity'] as const;
export type AddressOwner = (typeof ADDRESS_OWNERS)[number];

/** The owner reference: the key of the owning record is set, the others are null. */
const ownerReferences = {
  client: uuid().nullable(),
  contact_person: uuid().nullable(),
  cost_centre: uuid().nullable(),
  legal_entity: uuid().nullable(),
};

export const addressInputSchema = z.object({
  address_name: required(requiredText(255)),
  note: freeText(),
  purpose: choice(ADDRESS_PURPOSES),
  premise_address: optionalText(255),
  street_address: requiredText(255),
  locality: requiredText(255),
  state: requiredText(100),
  postal_code: requiredText(20),
  country: requiredText(100),
  formatted_address: optionalText(500),
  time_zone: optionalText(50),
  latitude: latitude().nullable().optional(),
  longitude: longitude().nullable().optional(),
  driving_direction: freeText(),
  places_api_data: z.unknown().optional(),
});
export const addressPatchSchema = addressInputSchema.partial();
export type AddressInput = z.output<typeof addressInputSchema>;

export const addressSchema = z.object({
  id: uuid(),
  address_name: z.string(),
  note: z.string(),
  purpose: z.enum(ADDRESS_PURPOSES),
  is_primary: z.boolean(),
  premise_address: z.string(),
  street_address: z.string(),
  locality: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
  formatted_address: z.string(),
  time_zone: z.string(),
  latitude: z.string().nullable(),
  longitude: z.string().nullable(),
  driving_direction: z.string(),
  places_api_data: z.unknown().nullable(),
  ...ownerReferences,
  ...auditOutput,
});
export type Address = z.infer<typeof addressSchema>;

export const addressPublicSchema = z.object({
  id: uuid(),
  premise_address: z.string(),
  street_address: z.string(),
  locality: z.string(),
  state: z.string(),
  postal_code: z.string(),
  formatted_address: z.string(),
});

export const contactInputSchema = z.object({
  description: optionalText(50),
  contact_detail: requiredText(255),
  contact_type: choice(CONTACT_TYPES),
});
export const contactPatchSchema = contactInputSchema.partial();
export type ContactInput = z.output<typeof contactInputSchema>;

export const contactSchema = z.object({
  id: uuid(),
  description: z.string(),
  contact_detail: z.string(),
  contact_type: z.enum(CONTACT_TYPES),
  is_primary: z.boolean(),
  ...ownerReferences,
  ...auditOutput,
});
export type Contact = z.infer<typeof contactSchema>;

export const primaryContactsSchema = z.object({
  email: z.string().nullable(),
  phone: z.string().nullable(),
  mobile: z.string().nullable(),
  website: z.string().nullable(),
});
export type PrimaryContacts = z.infer<typeof primaryContactsSchema>;
