/** Jobs' plain values without zod, for web pages' first paint (where no schema loads); `jobs.schemas.ts` re-exports them. */
export const JOB_STATUSES = ['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'UNDONE'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const JOB_KINDS = ['bulk_change', 'import'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/** Resources a bulk change works on (the list paths' last segment). */
export const BULK_RESOURCES = ['clients', 'contact-persons', 'cost-centres', 'brands', 'tickets'] as const;
export type BulkResource = (typeof BULK_RESOURCES)[number];
/** Resources an import creates or updates. */
export const IMPORT_RESOURCES = ['clients', 'contact-persons', 'cost-centres', 'brands'] as const;
export type ImportResource = (typeof IMPORT_RESOURCES)[number];
