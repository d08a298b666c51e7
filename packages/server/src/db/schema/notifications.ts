import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, smallint, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { NOTIFICATION_LEVELS } from '@ops/contract/notifications/notifications.schemas';
import { idColumn, timestamptz } from './columns';
import { users } from './identity';

/**
 * django-notifications' model: actor, verb, target and action object, with
 * the referenced objects named by model and id (no foreign key: a notification
 * outlives what it talks about) and their display text kept as it was.
 */
export const notifications = pgTable(
  'notifications_notification',
  {
    id: idColumn(),
    recipientId: uuid('recipient_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    level: varchar('level', { length: 10 }).notNull().default('info'),
    verb: varchar('verb', { length: 255 }).notNull(),
    description: text('description'),
    targetType: varchar('target_type', { length: 50 }),
    targetId: varchar('target_id', { length: 64 }),
    targetText: varchar('target_text', { length: 300 }),
    actionObjectType: varchar('action_object_type', { length: 50 }),
    actionObjectId: varchar('action_object_id', { length: 64 }),
    actionObjectText: varchar('action_object_text', { length: 300 }),
    data: jsonb('data'),
    /** The preference kind it was sent as (spec platform §14.4); null on rows older than the column. */
    kind: varchar('kind', { length: 30 }),
    unread: boolean('unread').notNull().default(true),
    deleted: boolean('deleted').notNull().default(false),
    timestamp: timestamptz('timestamp').notNull().defaultNow(),
  },
  (t) => [
    check('notifications_notification_level_ck', sql`${t.level} in (${sql.raw(NOTIFICATION_LEVELS.map((l) => `'${l}'`).join(', '))})`),
    index('notifications_notification_recipient_idx').on(t.recipientId, t.deleted, t.timestamp, t.id),
    index('notifications_notification_unread_idx').on(t.recipientId, t.unread).where(sql`not ${t.deleted}`),
    index('notifications_notification_target_idx').on(t.targetType, t.targetId),
  ],
);

/** Single-purpose tokens that only open the notification stream (EventSource cannot send headers). */
export const streamTokens = pgTable(
  'notifications_stream_token',
  {
    digest: varchar('digest', { length: 128 }).primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    expiry: timestamptz('expiry').notNull(),
  },
  (t) => [index('notifications_stream_token_expiry_idx').on(t.expiry)],
);

export const EMAIL_STATUSES = ['PENDING', 'SENT', 'FAILED'] as const;

/** Mail written in the transaction of its event and sent after commit by the outbox worker. */
export const emailOutbox = pgTable(
  'notifications_email_outbox',
  {
    id: idColumn(),
    toAddress: varchar('to_address', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    body: text('body').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lastError: varchar('last_error', { length: 1000 }),
    notificationId: uuid('notification_id').references(() => notifications.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    sentAt: timestamptz('sent_at'),
    /** The ticket's reply address when inbound mail is on (spec platform §13.1). */
    replyTo: varchar('reply_to', { length: 320 }),
    /** The HTML part, rendered from the same template as `body` (the text part). */
    htmlBody: text('html_body'),
    /** The signed one-click unsubscribe URL (RFC 8058), sent as List-Unsubscribe. */
    listUnsubscribe: varchar('list_unsubscribe', { length: 1000 }),
  },
  (t) => [
    check('notifications_email_outbox_status_ck', sql`${t.status} in ('PENDING', 'SENT', 'FAILED')`),
    check('notifications_email_outbox_attempts_ck', sql`${t.attempts} >= 0`),
    index('notifications_email_outbox_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

/**
 * A user's notification preferences (spec platform §14.4); no row means the defaults.
 * `channels` holds only kinds from NOTIFICATION_KINDS (checked before it is stored).
 */
export const notificationPreferences = pgTable('notifications_preference', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  channels: jsonb('channels').notNull(),
  quietStart: varchar('quiet_start', { length: 5 }),
  quietEnd: varchar('quiet_end', { length: 5 }),
  digest: varchar('digest', { length: 10 }).notNull().default('NONE'),
  digestTime: varchar('digest_time', { length: 5 }).notNull().default('08:00'),
  /** The digest period (local date, or the Monday of the week) last sent: a digest goes once per period. */
  digestPeriod: varchar('digest_period', { length: 10 }),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
}, (t) => [check('notifications_preference_digest_ck', sql`${t.digest} in ('NONE', 'DAILY', 'WEEKLY')`)]);

export const WATCH_MODELS = ['ticket', 'client', 'cost_centre'] as const;

/** A user following a ticket, client or cost centre (spec platform §14.4): they hear of its changes. */
export const watches = pgTable(
  'notifications_watch',
  {
    id: idColumn(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    model: varchar('model', { length: 20 }).notNull(),
    /** The watched record (no foreign key: three tables of two modules; a watch of a gone record is harmless). */
    objectId: uuid('object_id').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('notifications_watch_model_ck', sql`${t.model} in ('ticket', 'client', 'cost_centre')`),
    uniqueIndex('notifications_watch_user_object_uq').on(t.userId, t.model, t.objectId),
    index('notifications_watch_object_idx').on(t.model, t.objectId),
  ],
);

/** A browser's Web Push subscription (RFC 8030 endpoint, RFC 8291 keys). */
export const pushSubscriptions = pgTable(
  'notifications_push_subscription',
  {
    id: idColumn(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    endpoint: varchar('endpoint', { length: 2048 }).notNull(),
    p256dh: varchar('p256dh', { length: 200 }).notNull(),
    auth: varchar('auth', { length: 100 }).notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('notifications_push_subscription_endpoint_uq').on(t.endpoint), index('notifications_push_subscription_user_idx').on(t.userId)],
);

/** Push messages written with their event and sent after commit (retries like the mail outbox). */
export const pushOutbox = pgTable(
  'notifications_push_outbox',
  {
    id: idColumn(),
    subscriptionId: uuid('subscription_id').notNull().references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    payload: text('payload').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lastError: varchar('last_error', { length: 1000 }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('notifications_push_outbox_status_ck', sql`${t.status} in ('PENDING', 'SENT', 'FAILED')`),
    index('notifications_push_outbox_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

/** The server's own keys, made on first start and kept: the VAPID pair (RFC 8292) and the unsubscribe links' HMAC secret. */
export const serverKeys = pgTable(
  'notifications_server_key',
  {
    id: smallint('id').primaryKey(),
    vapidPublicKey: varchar('vapid_public_key', { length: 200 }).notNull(),
    vapidPrivateKey: varchar('vapid_private_key', { length: 200 }).notNull(),
    unsubscribeSecret: varchar('unsubscribe_secret', { length: 200 }).notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [check('notifications_server_key_one_ck', sql`${t.id} = 1`)],
);
