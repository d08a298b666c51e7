/**
 * Notification values without zod: the signed-in shell's notification stream imports these on
 * every page, where no schema loads (docs/decisions.md, "The browser trusts the API's answers").
 * `notifications.schemas.ts` re-exports them.
 */
export const NOTIFICATION_LEVELS = ['success', 'info', 'warning', 'error'] as const;
export type NotificationLevel = (typeof NOTIFICATION_LEVELS)[number];

/** Server-Sent Event names on the notification stream. */
export const STREAM_EVENTS = { notification: 'notification', counts: 'counts', ticket: 'ticket', presence: 'presence' } as const;
/** The `presence` event's data: the editors of a record this user has open changed (GET presence/ tells who). */
export interface PresenceChangedEvent {
  model: string;
  id: string;
}
/** The `ticket` event's data: a ticket the user raised changed without a notification to them (assignee, team...). */
export interface TicketChangedEvent {
  ticket_id: string;
}

/** Event kinds a user chooses channels for (spec platform §14.4). */
export const NOTIFICATION_KINDS = [
  'ticket_assigned',
  'ticket_reply',
  'mentioned',
  'sla_at_risk',
  'sla_breached',
  'sitecheck_failed',
  'sitecheck_missed',
  'article_acknowledgement',
  'job_finished',
  'watched_change',
  // A rule's `notify` action (spec platform §14.3): its own kind, so a user can mute rules' messages alone.
  'automation',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_LABELS: Readonly<Record<NotificationKind, string>> = {
  ticket_assigned: 'Ticket assigned',
  ticket_reply: 'Reply on a ticket',
  mentioned: 'Mentioned',
  sla_at_risk: 'SLA at risk',
  sla_breached: 'SLA breached',
  sitecheck_failed: 'Site check failed',
  sitecheck_missed: 'Site check missed',
  article_acknowledgement: 'Article to acknowledge',
  job_finished: 'Job finished',
  watched_change: 'Change to something watched',
  automation: 'Message from an automation rule',
};

/** Kinds with e-mail on by default (spec platform §14.4). */
export const EMAIL_BY_DEFAULT: readonly NotificationKind[] = ['ticket_assigned', 'ticket_reply', 'mentioned', 'sla_breached'];

export const DIGEST_FREQUENCIES = ['NONE', 'DAILY', 'WEEKLY'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

/** What can be watched (spec platform §14.4). */
export const WATCH_MODELS = ['ticket', 'client', 'cost_centre'] as const;
export type WatchModel = (typeof WATCH_MODELS)[number];
