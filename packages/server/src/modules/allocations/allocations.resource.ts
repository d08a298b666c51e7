import { sql } from 'drizzle-orm';
import { ALLOCATION_SOURCES, allocationSchema } from '@ops/contract/identity/allocations.schemas';
import { allocations } from '../records/index';
import { defineListResource, type ListResource } from '../../list-query/list-resource';

const userColumn = (column: string) =>
  sql.raw(`(select u.${column} from auth_user u where u.id = "records_allocation"."user_id")`);

/** `identity/allocations/`: filter by user, target or source; search the user's e-mail and name. */
export const allocationsResource: ListResource = defineListResource({
  name: 'allocations',
  table: allocations,
  id: allocations.id,
  model: 'allocation',
  fields: {
    id: { kind: 'uuid', column: allocations.id },
    user: { kind: 'uuid', column: allocations.userId },
    legal_entity: { kind: 'uuid', column: allocations.legalEntityId },
    client: { kind: 'uuid', column: allocations.clientId },
    cost_centre: { kind: 'uuid', column: allocations.costCentreId },
    source: { kind: 'enum', column: allocations.source, enumValues: ALLOCATION_SOURCES, order: true },
    created_at: { kind: 'datetime', column: allocations.createdAt, order: true },
    user_email: { kind: 'text', column: userColumn('email'), order: true },
    user_name: { kind: 'text', column: userColumn(`first_name || ' ' || u.last_name`) },
  },
  search: ['user_email', 'user_name'],
  defaultOrdering: ['-created_at'],
  itemSchema: allocationSchema,
});
