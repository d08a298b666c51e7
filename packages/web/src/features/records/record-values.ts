import type { FieldSpec } from './components/RecordFormDialog';

type Values = Record<string, unknown>;

const idOf = (value: unknown): string | null => (value && typeof value === 'object' && 'id' in value ? String((value as { id: unknown }).id) : typeof value === 'string' ? value : null);

/**
 * A form's starting values from its field specs: a record's own values when
 * editing (references become their ids, missing text becomes ''), else blanks
 * (null references, unchecked boxes, empty text), then the page's defaults.
 */
export function formValuesOf(fields: FieldSpec[], record?: object | null, defaults: Values = {}): Values {
  const source = (record ?? {}) as Values;
  const values: Values = {};
  for (const spec of fields) {
    if (!('name' in spec)) continue;
    const value = source[spec.name];
    if (spec.kind === 'relation') values[spec.name] = spec.multiple ? (Array.isArray(value) ? value.map(idOf).filter(Boolean) : []) : idOf(value);
    else if (spec.kind === 'boolean') values[spec.name] = Boolean(value);
    else values[spec.name] = value ?? '';
  }
  return record ? values : { ...values, ...defaults };
}

/** A primary address on one line: street, locality, state, postcode. */
export function addressLine(address: { street_address: string; locality: string; state: string; postal_code: string } | null | undefined): string {
  return address ? [address.street_address, address.locality, address.state, address.postal_code].filter(Boolean).join(', ') : '';
}
