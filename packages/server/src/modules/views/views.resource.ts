import { and, eq, or, sql } from 'drizzle-orm';
import { viewSchema } from '@ops/contract/views/views.schemas';
import { viewDefaults, views } from '../../db/schema/identity';
import { defineListResource, type ListResource } from '../../list-query/list-resource';
import { usersResource } from '../identity/index';

export const viewsResource = defineListResource({
  name: 'views',
  table: views,
  id: views.id,
  fields: {
    id: { kind: 'uuid', column: views.id, order: true },
    page: { kind: 'text', column: views.page, order: true },
    name: { kind: 'text', column: views.name, order: true },
    shared: { kind: 'boolean', column: views.shared, order: true },
    owner: { kind: 'uuid', column: views.userId, relation: () => usersResource },
    created_at: { kind: 'datetime', column: views.createdAt, order: true },
    updated_at: { kind: 'datetime', column: views.updatedAt, order: true },
  },
  search: ['name'],
  defaultOrdering: ['name'],
  itemSchema: viewSchema,
});

/** The views list as one user reads it: `is_owner` and `is_default` are theirs, so they filter and order too. */
export function viewsResourceFor(userId: string): ListResource {
  return {
    ...viewsResource,
    fields: {
      ...viewsResource.fields,
      is_owner: { kind: 'boolean', column: sql`(${views.userId} = ${userId})`, order: true },
      is_default: {
        kind: 'boolean',
        column: sql`exists (select 1 from ${viewDefaults} where ${viewDefaults.userId} = ${userId} and ${viewDefaults.viewId} = ${views.id})`,
        order: true,
      },
    },
  };
}

/** The views a user sees: their own and the shared ones. */
export const viewsVisibleTo = (userId: string) => or(eq(views.userId, userId), eq(views.shared, true))!;

/** One view the user sees. */
export const visibleView = (userId: string, id: string) => and(eq(views.id, id), viewsVisibleTo(userId))!;

export const lowerName = (name: string) => sql`lower(${views.name}) = lower(${name})`;
