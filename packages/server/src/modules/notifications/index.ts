// The notifications module's public face (see records/index.ts).
export { notificationsPlugin } from './notifications.plugin';
export type { NotificationDraft, NotificationWriter, RecordedNotifications, WatchedChange } from './notifications.service';
export type { WatchReadable } from './watches.service';
// Demo seeds write notifications directly.
export { createNotificationsRepository } from './notifications.repository';
// Inbound mail threads replies by the reply addresses outgoing mail carries.
export { parseRecipient, replyAddressOf, ticketIdForToken } from './reply-address';
