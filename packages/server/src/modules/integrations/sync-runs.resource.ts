import { defineListResource } from '../../list-query/list-resource';
import { PROVIDERS, SYNC_RUN_STATUSES, SYNC_TRIGGERS, syncRunSchema } from '@ops/contract/integrations/sync-runs.schemas';
import { syncRuns } from '../../db/schema/integrations';

export const syncRunsResource = defineListResource({
  name: 'sync-runs',
  table: syncRuns,
  id: syncRuns.id,
  fields: {
    id: { kind: 'uuid', column: syncRuns.id, order: true },
    connector: { kind: 'enum', column: syncRuns.connector, enumValues: PROVIDERS },
    trigger: { kind: 'enum', column: syncRuns.trigger, enumValues: SYNC_TRIGGERS },
    status: { kind: 'enum', column: syncRuns.status, enumValues: SYNC_RUN_STATUSES },
    started: { kind: 'datetime', column: syncRuns.startedAt, order: true },
    finished: { kind: 'datetime', column: syncRuns.finishedAt },
    rows_read: { kind: 'number', column: syncRuns.rowsRead },
    rows_inserted: { kind: 'number', column: syncRuns.rowsInserted },
    rows_updated: { kind: 'number', column: syncRuns.rowsUpdated },
    rows_deleted: { kind: 'number', column: syncRuns.rowsDeleted },
    error: { kind: 'text', column: syncRuns.error },
  },
  search: [],
  defaultOrdering: ['-started'],
  itemSchema: syncRunSchema,
});
