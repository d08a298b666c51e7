import { z } from 'zod';
import { isoDateTime, uuid } from '../common/fields';
import { listQuerySchema } from '../common/list-query';

export * from './notifications.values';
import { NOTIFICATION_LEVELS } from './notifications.values';

/** A referenced object: its model name and id. */
export const notificationReferenceSchema = z.object({ name: z.string(), id: z.string() }).nullable();

/** django-notifications' shape: target and action_object are the objects' display text. */
export const notificationSchema = z.object({
  id: uuid(),
  recipient: uuid(),
  unread: z.boolean(),
  data: z.record(z.string(), z.unknown()).nullable(),
  target: z.string().nullable(),
  action_object: z.string().nullable(),
  references: z.object({
    actor: notificationReferenceSchema,
    target: notificationReferenceSchema,
    action_object: notificationReferenceSchema,
  }),
  level: z.enum(NOTIFICATION_LEVELS),
  verb: z.string(),
  description: z.string().nullable(),
  timestamp: isoDateTime(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationCountSchema = z.object({
  active: z.number().int(),
  unread: z.number().int(),
  deleted: z.number().int(),
});
export type NotificationCount = z.infer<typeof notificationCountSchema>;

/** The list's query adds `unread=true|false` to the common list parameters. */
export const notificationListQuerySchema = listQuerySchema.extend({
  unread: z.enum(['true', 'false']).optional(),
});

export const streamTokenSchema = z.object({
  token: z.string(),
  expiry: isoDateTime(),
});

/** Seconds a stream token stays valid: long enough to open the stream, short enough to be useless if leaked. */
export const STREAM_TOKEN_TTL_SECONDS = 60;
