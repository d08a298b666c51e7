import { z } from 'zod';
import { isoDateTime, uuid } from '../common/fields';
import { listQuerySchema } from '../common/list-query';

export * from './notifications.values';
import { DIGEST_FREQUENCIES, NOTIFICATION_KINDS, NOTIFICATION_LEVELS, WATCH_MODELS } from './notifications.values';

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

export const notificationKindSchema = z.object({ kind: z.enum(NOTIFICATION_KINDS), label: z.string() });

/** "HH:MM", 00:00 to 23:59. */
const clockTime = () => z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as HH:MM.');

export const channelPreferenceSchema = z.strictObject({ in_app: z.boolean(), email: z.boolean(), push: z.boolean() });
export type ChannelPreference = z.infer<typeof channelPreferenceSchema>;

/**
 * Channels per kind: keys are checked against the kind enum (an unknown key, `__proto__` included,
 * is a 400 naming it) and a missing kind keeps its default.
 */
export const notificationPreferencesSchema = z.object({
  channels: z.partialRecord(z.enum(NOTIFICATION_KINDS), channelPreferenceSchema),
  quiet_hours: z.strictObject({ start: clockTime(), end: clockTime() }).nullable(),
  digest: z.enum(DIGEST_FREQUENCIES),
  digest_time: clockTime(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const watchInputSchema = z.strictObject({ model: z.enum(WATCH_MODELS), id: uuid() });
export const watchSchema = z.object({ id: uuid(), model: z.enum(WATCH_MODELS), object_id: uuid(), created_at: isoDateTime() });
export type Watch = z.infer<typeof watchSchema>;

/** A base64url string (no padding), as browsers give push subscription keys. */
const base64url = (max: number) => z.string().min(1).max(max).regex(/^[A-Za-z0-9_-]+$/, 'Enter a base64url value.');

export const pushKeySchema = z.object({ public_key: z.string() });
/** PushSubscription.toJSON() of the browser: the push service's endpoint and the RFC 8291 keys. */
export const pushSubscriptionInputSchema = z.object({
  // A pattern (not z.url()) so the OpenAPI document states what is accepted: http(s), a host, a path.
  endpoint: z
    .string()
    .max(2048)
    .regex(/^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?(\/[^\s]*)?$/, 'Enter a valid http(s) URL.'),
  keys: z.object({ p256dh: base64url(200), auth: base64url(100) }),
});
export const pushSubscriptionSchema = z.object({ id: uuid(), endpoint: z.string(), created_at: isoDateTime() });
export type PushSubscription = z.infer<typeof pushSubscriptionSchema>;

/** The one-click unsubscribe link's query (RFC 8058): a token signed for one user and kind. */
export const unsubscribeQuerySchema = z.object({ token: z.string().min(1).max(300) });
export const unsubscribeResultSchema = z.object({ kind: z.enum(NOTIFICATION_KINDS), email: z.literal(false) });
