import { z } from 'zod';
import { isoDateTime, userWithEmailSchema, uuid } from '../common/fields';

/** Where an allocation comes from: set by an administrator, or derived by the payroll (adp) or directory (google-sync) sync. */
export const ALLOCATION_SOURCES = ['MANUAL', 'PAYROLL', 'DIRECTORY'] as const;
export type AllocationSource = (typeof ALLOCATION_SOURCES)[number];

const targetRef = z.object({ id: uuid(), name: z.string() });

export const allocationSchema = z.object({
  id: uuid(),
  user: userWithEmailSchema,
  legal_entity: targetRef.nullable(),
  client: targetRef.nullable(),
  cost_centre: targetRef.extend({ code: z.string() }).nullable(),
  source: z.enum(ALLOCATION_SOURCES),
  created_at: isoDateTime(),
});
export type Allocation = z.infer<typeof allocationSchema>;

/** A manual allocation: a user and exactly one of legal_entity, client, cost_centre. */
export const allocationInputSchema = z.object({
  user: uuid(),
  legal_entity: uuid().nullish(),
  client: uuid().nullish(),
  cost_centre: uuid().nullish(),
});
export type AllocationInput = z.infer<typeof allocationInputSchema>;

/**
 * One disagreement between what an administrator set and what the syncs derive:
 * MISSING_MANUAL = a sync derives this cost centre but the user has no allocation covering it;
 * NOT_DERIVED = a manual cost-centre allocation no sync confirms while the syncs derive others for the user.
 */
export const ALLOCATION_DRIFT_KINDS = ['MISSING_MANUAL', 'NOT_DERIVED'] as const;
export const allocationDriftSchema = z.object({
  user: userWithEmailSchema,
  cost_centre: z.object({ id: uuid(), name: z.string(), code: z.string() }),
  kind: z.enum(ALLOCATION_DRIFT_KINDS),
  manual: z.boolean().describe('A manual allocation covers this cost centre (directly or through its client or legal entity)'),
  derived_by: z.array(z.enum(['PAYROLL', 'DIRECTORY'])),
});
export type AllocationDrift = z.infer<typeof allocationDriftSchema>;
