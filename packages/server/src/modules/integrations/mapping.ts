/**
 * Value coercion shared by the mappers. Source payloads are parsed with
 * parseJsonLossless, so decimals and large integers arrive as strings and are
 * kept as strings; a value that is not what the column needs fails the sync
 * with a message naming the field, rather than being stored wrong.
 */
export class MappingError extends Error {}

export function text(value: unknown, max?: number): string | null {
  if (value === undefined || value === null) return null;
  const s = String(value).trim();
  if (s === '') return null;
  return max !== undefined ? s.slice(0, max) : s;
}

export function required(value: unknown, field: string, max?: number): string {
  const s = text(value, max);
  if (s === null) throw new MappingError(`${field} is missing`);
  return s;
}

export function decimal(value: unknown, field: string, scale: number): string {
  if (value === undefined || value === null || value === '') return (0).toFixed(scale);
  const s = String(value).trim();
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(s);
  if (!match) throw new MappingError(`${field}: "${s.slice(0, 40)}" is not a decimal`);
  const [, sign = '', whole = '0', fraction = ''] = match;
  if (fraction.length > scale && /[^0]/.test(fraction.slice(scale)))
    throw new MappingError(`${field}: ${s} has more than ${scale} decimals`);
  return `${sign}${whole.replace(/^0+(?=\d)/, '')}${scale ? `.${fraction.slice(0, scale).padEnd(scale, '0')}` : ''}`;
}

export function int64(value: unknown, field: string): string {
  const s = String(value ?? '').trim();
  if (!/^-?\d{1,19}$/.test(s) || BigInt(s) > 9223372036854775807n || BigInt(s) < -9223372036854775808n) {
    throw new MappingError(`${field}: "${s.slice(0, 40)}" is not an int64`);
  }
  return BigInt(s).toString();
}

export function optionalInt64(value: unknown, field: string): string | null {
  return value === undefined || value === null || value === '' ? null : int64(value, field);
}

/** Booleans as sources send them: JSON true/false, OData NoYes ("Yes"/"No"), CSV 1/0/true/false/Y/N. */
export function flag(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  return ['true', 'yes', 'y', '1', 't'].includes(
    String(value ?? '')
      .trim()
      .toLowerCase(),
  );
}

/** A calendar date from YYYY-MM-DD or an ISO date-time (OData dates are midnight UTC date-times). */
export function day(value: unknown, field: string): string | null {
  const s = text(value);
  if (s === null) return null;
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ].*)?$/.exec(s) ?? /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  if (!match) throw new MappingError(`${field}: "${s.slice(0, 40)}" is not a date`);
  if (match.length === 4) return `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
  return match[1]!;
}

export function instant(value: unknown, field: string): Date | null {
  const s = text(value);
  if (s === null) return null;
  const at = new Date(/[zZ]|[+-]\d{2}:?\d{2}$/.test(s) || !s.includes('T') ? s : `${s}Z`);
  if (Number.isNaN(at.getTime())) throw new MappingError(`${field}: "${s.slice(0, 40)}" is not a date-time`);
  return at;
}

export function oneOf<T extends string>(value: unknown, allowed: readonly T[], field: string, fallback?: T): T {
  const s = text(value);
  if (s !== null) {
    const hit = allowed.find((a) => a.toLowerCase() === s.toLowerCase());
    if (hit) return hit;
  }
  if (fallback !== undefined && s === null) return fallback;
  throw new MappingError(`${field}: "${String(s).slice(0, 40)}" is not one of ${allowed.join(', ')}`);
}

export function asObject(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function asArray(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.map(asObject) : [];
}
