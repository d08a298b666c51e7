import { eq, or } from 'drizzle-orm';
import { cannedReplySchema } from '@ops/contract/helpdesk/canned-replies';
import { cannedReplies } from '../../db/schema/helpdesk';
import { defineListResource } from '../../list-query/list-resource';
import { usersResource } from '../identity/index';

export const cannedRepliesResource = defineListResource({
  name: 'canned-replies',
  table: cannedReplies,
  id: cannedReplies.id,
  fields: {
    id: { kind: 'uuid', column: cannedReplies.id, order: true },
    title: { kind: 'text', column: cannedReplies.title, order: true },
    shared: { kind: 'boolean', column: cannedReplies.shared, order: true },
    owner: { kind: 'uuid', column: cannedReplies.ownerId, relation: () => usersResource },
    created_at: { kind: 'datetime', column: cannedReplies.createdAt, order: true },
    updated_at: { kind: 'datetime', column: cannedReplies.updatedAt, order: true },
  },
  search: ['title'],
  defaultOrdering: ['title'],
  itemSchema: cannedReplySchema,
});

/** What a user sees: their own canned replies and the shared ones. */
export const visibleTo = (userId: string) => or(eq(cannedReplies.ownerId, userId), eq(cannedReplies.shared, true))!;
