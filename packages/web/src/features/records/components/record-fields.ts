import type { ComponentType } from 'react';
import { ADDRESS_PURPOSES, CONTACT_TYPES } from '@ops/contract/records/records.values';
import type { RelationSource } from '../../../shared/ui/list-page/list-columns';

// Split from RecordFormDialog.tsx: what the list and detail pages need at first paint (the nested field
// lists, the conversion to API values) without the form dialog, which loads when it opens (DialogButtons.tsx).

type Values = Record<string, unknown>;

/** One input of a record form (or a section heading between inputs). */
export type FieldSpec =
  | { section: string }
  | {
      name: string;
      label: string;
      kind: 'text' | 'multiline' | 'email' | 'url' | 'date' | 'number' | 'decimal' | 'boolean';
      required?: boolean;
      full?: boolean;
      helper?: string;
    }
  | {
      name: string;
      label: string;
      kind: 'enum';
      values: readonly string[];
      required?: boolean;
      full?: boolean;
      /** An optional choice the API takes as null ("any"): offered first under this label, sent as null. */
      emptyLabel?: string;
    }
  | {
      name: string;
      label: string;
      /** A value the standard inputs cannot hold (an SLA policy's business hours): the entity draws its input. */
      kind: 'custom';
      input: ComponentType<CustomInputProps>;
      required?: boolean;
      full?: boolean;
    }
  | {
      name: string;
      label: string;
      kind: 'relation';
      /** A fixed source, or one that depends on other fields (sub-industries of the chosen industry). */
      source: RelationSource | ((values: Values) => RelationSource | null);
      multiple?: boolean;
      required?: boolean;
      full?: boolean;
      exclude?: string[];
    };

/** What a custom input gets: its value, and the messages of the checks on it or under it (`days.mon`). */
export interface CustomInputProps {
  value: unknown;
  onChange: (value: unknown) => void;
  label: string;
  errorsAt: (path?: string) => string[];
}


type InputField = Exclude<FieldSpec, { section: string }>;

const isInput = (spec: FieldSpec): spec is InputField => 'name' in spec;

/** Blank optional inputs mean "none" to the API: null for references, numbers and dates. */
export function toApiValues(fields: FieldSpec[], values: Values, nested: { address?: boolean; contacts?: boolean } = {}): Values {
  // Values without an input (the fixed owner of a relation) pass through as they are.
  const { withAddress: _withAddress, address: _address, contacts: _contacts, ...out } = values;
  for (const spec of fields.filter(isInput)) {
    const value = values[spec.name];
    if (value === undefined) continue;
    if (spec.kind === 'number') out[spec.name] = value === '' || value === null ? null : Number.isNaN(Number(value)) ? value : Number(value);
    else if (spec.kind === 'decimal' || spec.kind === 'date' || (spec.kind === 'relation' && !spec.multiple) || (spec.kind === 'enum' && spec.emptyLabel !== undefined))
      out[spec.name] = value === '' ? null : value;
    else out[spec.name] = value;
  }
  if (nested.address && values.withAddress) out.address = cleanAddress(values.address as Values);
  if (nested.contacts && Array.isArray(values.contacts) && values.contacts.length) out.contacts = values.contacts;
  return out;
}

function cleanAddress(address: Values): Values {
  const out: Values = { ...address };
  for (const key of ['latitude', 'longitude']) if (out[key] === '') out[key] = null;
  return out;
}

export const ADDRESS_FIELDS: FieldSpec[] = [
  { name: 'address_name', label: 'Address name', kind: 'text', required: true },
  { name: 'purpose', label: 'Purpose', kind: 'enum', values: ADDRESS_PURPOSES, required: true },
  { name: 'premise_address', label: 'Premise', kind: 'text' },
  { name: 'street_address', label: 'Street address', kind: 'text', required: true },
  { name: 'locality', label: 'Locality', kind: 'text', required: true },
  { name: 'state', label: 'State', kind: 'text', required: true },
  { name: 'postal_code', label: 'Postal code', kind: 'text', required: true },
  { name: 'country', label: 'Country', kind: 'text', required: true },
  { name: 'latitude', label: 'Latitude', kind: 'decimal' },
  { name: 'longitude', label: 'Longitude', kind: 'decimal' },
  { name: 'time_zone', label: 'Time zone', kind: 'text' },
  { name: 'note', label: 'Note', kind: 'multiline' },
];

export const EMPTY_ADDRESS = { address_name: 'Head office', purpose: 'BUSINESS', premise_address: '', street_address: '', locality: '', state: '', postal_code: '', country: 'Australia', latitude: '', longitude: '', time_zone: '', note: '' };

export const CONTACT_FIELDS: FieldSpec[] = [
  { name: 'contact_type', label: 'Type', kind: 'enum', values: CONTACT_TYPES, required: true },
  { name: 'contact_detail', label: 'Detail', kind: 'text', required: true },
  { name: 'description', label: 'Description', kind: 'text', full: true },
];
