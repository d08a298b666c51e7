import { z } from 'zod';
import { isoDate, isoDateTime, maxText, userRefSchema, uuid } from '../common/fields';
import { ERROR_MESSAGES, invalidChoice } from '../common/errors';

/** Field builders of the business records' schemas (records.schemas.ts, addresses.schemas.ts). */

/** An enumeration field: a missing value is "required", a wrong one "not a valid choice" (DRF wording). */
export function choice<const T extends readonly [string, ...string[]]>(values: T) {
  const schema = z.enum(values, {
    error: (issue) => (issue.input === undefined ? ERROR_MESSAGES.required : invalidChoice(issue.input)),
  });
  // The blank choice is written EMPTY in spec api-contract; accept that spelling on input.
  const choices: readonly string[] = values;
  return choices.includes('') ? z.preprocess((value) => (value === 'EMPTY' ? '' : value), schema) : schema;
}

export const required = (schema: z.ZodType) => schema;
export const optionalText = (max: number) => maxText(max).optional();
export const freeText = () => z.string().optional();
export const optionalRef = () => uuid().nullable().optional();
export const optionalDate = () => isoDate().nullable().optional();
const HTTP_URL = /^(?:|https?:\/\/[^\s/$.?#].[^\s]*)$/i;
export const httpUrl = (max: number) =>
  maxText(max)
    .refine((value) => HTTP_URL.test(value), ERROR_MESSAGES.url)
    .meta({ pattern: HTTP_URL.source.replace('(?:|https?', '(?:|[hH][tT][tT][pP][sS]?') });

/** A JSON number as its decimal digits: `1e-7` is `0.0000001`. */
function plainDecimal(value: number): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(String(value));
  if (!match) return String(value);
  const [, sign, whole, fraction = '', exponent] = match;
  const digits = whole! + fraction;
  const point = whole!.length + Number(exponent);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * A decimal given as a JSON number or string, checked like DRF's DecimalField
 * (max_digits counts all digits) and normalised to a string.
 */
export function decimal(options: { digits: number; places: number; min?: number; max?: number }) {
  const { digits, places } = options;
  return z
    .union([z.number(), z.string()], { error: ERROR_MESSAGES.number })
    .transform((value, ctx) => {
      const text = typeof value === 'number' ? (Number.isFinite(value) ? plainDecimal(value) : '') : value.trim();
      const match = /^([-+]?)(\d*)(?:\.(\d*))?$/.exec(text);
      if (!match || (match[2] === '' && !match[3])) {
        ctx.addIssue({ code: 'custom', message: ERROR_MESSAGES.number });
        return z.NEVER;
      }
      const whole = match[2]!.replace(/^0+(?=\d)/, '');
      const fraction = (match[3] ?? '').replace(/0+$/, '');
      const wholeDigits = whole === '0' || whole === '' ? 0 : whole.length;
      if (wholeDigits + fraction.length > digits) ctx.addIssue({ code: 'custom', message: `Ensure that there are no more than ${digits} digits in total.` });
      else if (fraction.length > places) ctx.addIssue({ code: 'custom', message: `Ensure that there are no more than ${places} decimal places.` });
      else if (wholeDigits > digits - places) ctx.addIssue({ code: 'custom', message: `Ensure that there are no more than ${digits - places} digits before the decimal point.` });
      const numeric = Number(text);
      if (options.min !== undefined && numeric < options.min) ctx.addIssue({ code: 'custom', message: `Ensure this value is greater than or equal to ${options.min}.` });
      if (options.max !== undefined && numeric > options.max) ctx.addIssue({ code: 'custom', message: `Ensure this value is less than or equal to ${options.max}.` });
      return `${match[1] === '-' && numeric !== 0 ? '-' : ''}${whole || '0'}${fraction ? `.${fraction}` : ''}`;
    })
    // Documented as the JSON number it takes (a string of digits is accepted too): range and places.
    .meta({
      type: 'number',
      multipleOf: 10 ** -places,
      ...(options.min !== undefined ? { minimum: options.min } : { exclusiveMinimum: -(10 ** (digits - places)) }),
      ...(options.max !== undefined ? { maximum: options.max } : { exclusiveMaximum: 10 ** (digits - places) }),
    });
}

export const latitude = () => decimal({ digits: 10, places: 7, min: -90, max: 90 });
export const longitude = () => decimal({ digits: 10, places: 7, min: -180, max: 180 });

/** User references embedded in records: the audit users and owners. */
export const auditOutput = {
  created_at: isoDateTime(),
  updated_at: isoDateTime(),
  created_by: userRefSchema.nullable(),
  updated_by: userRefSchema.nullable(),
};

// ---------------------------------------------------------------- addresses and contacts
