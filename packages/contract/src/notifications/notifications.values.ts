/**
 * Notification values without zod: the signed-in shell's notification stream imports these on
 * every page, where no schema loads (docs/decisions.md, "The browser trusts the API's answers").
 * `notifications.schemas.ts` re-exports them.
 */
export const NOTIFICATION_LEVELS = ['success', 'info', 'warning', 'error'] as const;
export type NotificationLevel = (typeof NOTIFICATION_LEVELS)[number];

/** Server-Sent Event names on the notification stream. */
export const STREAM_EVENTS = { notification: 'notification', counts: 'counts', ticket: 'ticket' } as const;
/** The `ticket` event's data: a ticket the user raised changed without a notification to them (assignee, team...). */
export interface TicketChangedEvent {
  ticket_id: string;
}
