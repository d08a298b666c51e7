import { sql } from 'drizzle-orm';
import { userPublicSchema } from '@ops/contract/identity/identity.schemas';
import { users } from '../../db/schema/identity';
import { defineListResource, type ListResource } from '../../list-query/list-resource';

export const usersResource: ListResource = defineListResource({
  name: 'users',
  table: users,
  id: users.id,
  model: 'user',
  fields: {
    id: { kind: 'uuid', column: users.id, order: true },
    email: { kind: 'text', column: users.email, order: true },
    first_name: { kind: 'text', column: users.firstName, order: true },
    last_name: { kind: 'text', column: users.lastName, order: true },
    full_name: {
      kind: 'text',
      column: sql`(${users.firstName} || ' ' || ${users.lastName})`,
      // Items trim it (records.serializers.ts, `fullName`).
      itemValue: sql`btrim(${users.firstName} || ' ' || ${users.lastName})`,
      order: true,
    },
    user_type: { kind: 'number', column: users.userType, order: true },
    is_active: { kind: 'boolean', column: users.isActive },
    date_joined: { kind: 'datetime', column: users.dateJoined, order: true },
    reporting_manager: { kind: 'uuid', column: users.reportingManagerId, relation: () => usersResource },
  },
  search: ['email', 'first_name', 'last_name'],
  defaultOrdering: ['first_name', 'last_name'],
  itemSchema: userPublicSchema,
});
