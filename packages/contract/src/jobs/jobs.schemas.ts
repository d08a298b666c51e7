import { z } from 'zod';
import { isoDateTime, uuid } from '../common/fields';

export * from './jobs.values';
import { JOB_STATUSES, JOB_KINDS, IMPORT_RESOURCES } from './jobs.values';
export const MATCH_KEYS = ['account_number', 'abn', 'code'] as const;
export type MatchKey = (typeof MATCH_KEYS)[number];

/** One problem of a job: an import row (1-based data row) or a record id, the field and the message. */
export const jobErrorSchema = z.object({
  row: z.number().int().optional(),
  id: uuid().optional(),
  field: z.string().nullable(),
  message: z.string(),
});
export type JobError = z.infer<typeof jobErrorSchema>;

export const jobUndoSchema = z.object({
  restored: z.number().int(),
  deleted: z.number().int(),
  /** Records left alone: changed by someone since the job, gone, or refused. */
  skipped: z.array(jobErrorSchema),
});

export const jobSchema = z.object({
  id: uuid(),
  kind: z.enum(JOB_KINDS),
  resource: z.string(),
  status: z.enum(JOB_STATUSES),
  total: z.number().int(),
  done: z.number().int(),
  /** At most the first 1,000 problems (an import row may have several). */
  errors: z.array(jobErrorSchema),
  /** Rows (an import) or records (a bulk change) that failed, however many problems each had. */
  error_count: z.number().int(),
  /** Why a FAILED job stopped (a crash, a restart it could not resume from). */
  failure: z.string().nullable(),
  undo: jobUndoSchema.nullable(),
  created_by: uuid(),
  created_at: isoDateTime(),
  finished_at: isoDateTime().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobRefSchema = z.object({ job: uuid() });

// As the list's `filters` parameter: text carrying a JSON object of field lookups.
const filtersText = z
  .string()
  .max(8000)
  .meta({ contentMediaType: 'application/json', contentSchema: { type: 'object', maxProperties: 50, propertyNames: { maxLength: 200 } } });

/** `ids`, or `filters`/`search` as the list takes them (everything matching); `changes` as a PATCH of the resource takes them. */
export const bulkChangeSchema = z
  .object({
    ids: z
      .array(uuid())
      .min(1, 'Select at least one record.')
      .max(10000, 'Ensure this field has no more than 10000 elements.')
      .optional(),
    filters: z.union([filtersText, z.record(z.string(), z.unknown())]).optional(),
    search: z.string().max(500).optional(),
    changes: z.record(z.string(), z.unknown()),
  })
  .describe(
    "Either ids or filters/search (everything the list would show); changes are validated by the resource's PATCH schema",
  );

export const importUploadSchema = z.object({
  resource: z.enum(IMPORT_RESOURCES),
  file: z.unknown().describe('A CSV (UTF-8) or XLSX file').meta({ type: 'string', format: 'binary' }),
});

export const importSchema = z.object({
  id: uuid(),
  resource: z.enum(IMPORT_RESOURCES),
  file_name: z.string(),
  columns: z.array(z.string()),
  /** Column header -> field of the resource, for the headers recognised. */
  suggested_mapping: z.record(z.string(), z.string()),
  /** Fields a mapping may name. */
  fields: z.array(z.string()),
  /** Fields a new record needs: a row creating a record without one of them is invalid. */
  required: z.array(z.string()),
  /** What `match_on` may name for this resource (empty: every row creates a record). */
  match_keys: z.array(z.enum(MATCH_KEYS)),
  rows: z.number().int(),
  /** The first data rows (at most 3), cell texts in column order: examples beside the mapping. */
  preview: z.array(z.array(z.string())),
});
export type Import = z.infer<typeof importSchema>;

export const importOptionsSchema = z.object({
  mapping: z.record(z.string(), z.string().max(100)),
  match_on: z.enum(MATCH_KEYS).nullable().optional(),
  on_match: z.enum(['update', 'skip']).optional(),
});
export type ImportOptions = z.infer<typeof importOptionsSchema>;

export const dryRunSchema = z.object({
  create: z.number().int(),
  update: z.number().int(),
  skip: z.number().int(),
  /** Every invalid row (at most 10,000 listed; `invalid_count` counts them all). */
  invalid: z.array(z.object({ row: z.number().int(), field: z.string().nullable(), message: z.string() })),
  invalid_count: z.number().int(),
});
export type DryRun = z.infer<typeof dryRunSchema>;
