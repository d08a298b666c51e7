import { z } from 'zod';

/**
 * Field builders for records synced from source systems. int64 values travel
 * as decimal strings (JavaScript numbers lose precision past 2^53) and
 * decimals as strings with their scale, so money never passes through
 * floating point.
 */
export const int64 = () => z.string().regex(/^-?\d{1,19}$/).describe('int64 as a decimal string');
export const decimal = (integerDigits: number, decimals: number) =>
  z.string().regex(/^-?\d+(\.\d+)?$/).describe(`decimal: up to ${integerDigits} integer digits and ${decimals} decimals, as a string`);
export const text = () => z.string().nullable();
export const date = () => z.string().nullable().describe('YYYY-MM-DD');
export const dateTime = () => z.string().nullable().describe('ISO-8601 date-time (UTC)');
export const flag = () => z.boolean();
