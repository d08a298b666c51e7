import { z } from 'zod';

/** Connectors that sync source systems into our database. */
export const PROVIDERS = ['google-sync', 'dynamics', 'buylink', 'adp'] as const;
export type Provider = (typeof PROVIDERS)[number];

export const SYNC_RUN_STATUSES = ['running', 'succeeded', 'failed'] as const;
export const SYNC_TRIGGERS = ['cli', 'schedule'] as const;

export const syncRunSchema = z.object({
  id: z.uuid(),
  connector: z.enum(PROVIDERS),
  trigger: z.enum(SYNC_TRIGGERS),
  status: z.enum(SYNC_RUN_STATUSES),
  started: z.string().describe('ISO-8601 date-time (UTC)'),
  finished: z.string().nullable(),
  rows_read: z.number().int(),
  rows_inserted: z.number().int(),
  rows_updated: z.number().int(),
  rows_deleted: z.number().int(),
  error: z.string().nullable(),
});
export type SyncRun = z.infer<typeof syncRunSchema>;
