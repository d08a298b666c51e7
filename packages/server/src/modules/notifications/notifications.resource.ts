import { and, eq } from 'drizzle-orm';
import { NOTIFICATION_LEVELS, notificationSchema } from '@ops/contract/notifications/notifications.schemas';
import { notifications } from '../../db/schema/notifications';
import { defineListResource } from '../../list-query/list-resource';

export const notificationsResource = defineListResource({
  name: 'notifications',
  table: notifications,
  id: notifications.id,
  fields: {
    id: { kind: 'uuid', column: notifications.id, order: true },
    unread: { kind: 'boolean', column: notifications.unread },
    level: { kind: 'enum', column: notifications.level, enumValues: NOTIFICATION_LEVELS, order: true },
    verb: { kind: 'text', column: notifications.verb, order: true },
    description: { kind: 'text', column: notifications.description },
    target: { kind: 'text', column: notifications.targetText },
    action_object: { kind: 'text', column: notifications.actionObjectText },
    recipient: { kind: 'uuid', column: notifications.recipientId },
    timestamp: { kind: 'datetime', column: notifications.timestamp, order: true },
  },
  search: ['verb', 'description', 'target'],
  defaultOrdering: ['-timestamp'],
  itemSchema: notificationSchema,
});

/** The caller's active notifications, optionally only read or unread ones. */
export const activeNotificationsOf = (userId: string, unread?: boolean) =>
  and(
    eq(notifications.recipientId, userId),
    eq(notifications.deleted, false),
    unread === undefined ? undefined : eq(notifications.unread, unread),
  );
