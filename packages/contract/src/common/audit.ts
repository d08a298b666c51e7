import { z } from 'zod';
import { isoDateTime, userRefSchema, uuid } from './fields';

/** One entry of a record's audit trail (GET .../{id}/history/). */
export const AUDIT_ACTIONS = ['create', 'update', 'delete'] as const;
export const historyEntrySchema = z.object({
  id: uuid(),
  action: z.enum(AUDIT_ACTIONS),
  at: isoDateTime(),
  user: userRefSchema.nullable(),
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])).describe('field -> [old value, new value]'),
  names: z
    .record(z.string(), z.tuple([z.string().nullable(), z.string().nullable()]))
    .describe(
      'relation field among the changes -> [old record name, new record name], so a change reads as names rather than ids; ' +
        'a name is null where the value is empty, the related record is outside the caller\'s allocation, or it no longer exists',
    ),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
