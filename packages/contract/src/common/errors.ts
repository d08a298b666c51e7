import { z } from 'zod';

/** DRF-shaped error bodies. */
export const detailErrorSchema = z.object({ detail: z.string() });
export const fieldErrorsSchema = z.record(z.string(), z.unknown()).describe('Field name to list of messages; non_field_errors for the whole request.');

export * from './error-messages';
