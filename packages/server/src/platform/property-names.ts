import { ValidationError } from './errors';

/**
 * Names that reach an object's prototype machinery when used as a property
 * key. Wherever a caller's text becomes a property name (select paths, filter
 * and label keys, ordering terms, multipart field names) it is refused with a
 * 400 naming the parameter, and the objects built from it have no prototype.
 */
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

export function isForbiddenPropertyName(name: string): boolean {
  return FORBIDDEN.has(name);
}

/** 400 `{"<parameter>": [...]}` when any of `names` is a prototype key. */
export function refusePrototypeKeys(parameter: string, names: readonly string[], shown = names.join('.')): void {
  if (names.some(isForbiddenPropertyName)) {
    throw ValidationError.field(parameter, `"${shown.slice(0, 100)}" names a reserved property.`);
  }
}

/** An empty object without a prototype: any key set on it stays its own key. */
export function emptyRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}
