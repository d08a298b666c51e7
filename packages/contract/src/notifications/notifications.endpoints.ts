import { z } from 'zod';
import { endpoint } from '../common/endpoint';
import { paginated } from '../common/pagination';
import { uuid } from '../common/fields';
import {
  notificationCountSchema,
  notificationKindSchema,
  notificationListQuerySchema,
  notificationPreferencesSchema,
  notificationSchema,
  pushKeySchema,
  pushSubscriptionInputSchema,
  pushSubscriptionSchema,
  streamTokenSchema,
  unsubscribeQuerySchema,
  unsubscribeResultSchema,
  watchInputSchema,
  watchSchema,
} from './notifications.schemas';

const tags = ['notifications'];
const authed = { kind: 'authenticated' } as const;
const idParams = z.object({ id: uuid() });
const base = '/api/notifications';

export const notificationEndpoints = {
  list: endpoint({ method: 'GET', path: `${base}/`, summary: "The caller's active notifications (unread=true|false filters)", tags, access: authed, query: notificationListQuerySchema, responses: { 200: paginated(notificationSchema) } }),
  get: endpoint({ method: 'GET', path: `${base}/{id}/`, summary: 'One notification', tags, access: authed, params: idParams, responses: { 200: notificationSchema } }),
  remove: endpoint({ method: 'POST', path: `${base}/{id}/delete/`, summary: 'Delete a notification (soft)', tags, access: authed, params: idParams, responses: { 204: null } }),
  read: endpoint({ method: 'POST', path: `${base}/{id}/read/`, summary: 'Mark a notification read', tags, access: authed, params: idParams, responses: { 200: notificationSchema } }),
  unread: endpoint({ method: 'POST', path: `${base}/{id}/unread/`, summary: 'Mark a notification unread', tags, access: authed, params: idParams, responses: { 200: notificationSchema } }),
  counts: endpoint({ method: 'GET', path: `${base}/counts/`, summary: 'Active, unread and deleted counts', tags, access: authed, responses: { 200: notificationCountSchema } }),
  deleteAll: endpoint({ method: 'POST', path: `${base}/delete-all/`, summary: 'Delete every active notification (soft)', tags, access: authed, responses: { 204: null } }),
  readAll: endpoint({ method: 'POST', path: `${base}/read-all/`, summary: 'Mark every active notification read', tags, access: authed, responses: { 200: notificationCountSchema } }),
  preferenceKinds: endpoint({ method: 'GET', path: `${base}/preferences/kinds/`, summary: 'The event kinds preferences are set for', tags, access: authed, responses: { 200: z.array(notificationKindSchema) } }),
  getPreferences: endpoint({ method: 'GET', path: `${base}/preferences/`, summary: "The caller's notification preferences (defaults until saved)", tags, access: authed, responses: { 200: notificationPreferencesSchema } }),
  putPreferences: endpoint({ method: 'PUT', path: `${base}/preferences/`, summary: "Replace the caller's notification preferences", tags, access: authed, body: notificationPreferencesSchema, responses: { 200: notificationPreferencesSchema } }),
  watches: endpoint({ method: 'GET', path: `${base}/watches/`, summary: "The records the caller watches", tags, access: authed, responses: { 200: z.array(watchSchema) } }),
  watch: endpoint({ method: 'POST', path: `${base}/watches/`, summary: 'Watch a ticket, client or cost centre the caller can read (404 otherwise)', tags, access: authed, body: watchInputSchema, responses: { 201: watchSchema }, errors: [404] }),
  unwatch: endpoint({ method: 'DELETE', path: `${base}/watches/{id}/`, summary: 'Stop watching', tags, access: authed, params: idParams, responses: { 204: null } }),
  pushKey: endpoint({ method: 'GET', path: `${base}/push/key/`, summary: "The server's VAPID public key (base64url), for PushManager.subscribe", tags, access: authed, responses: { 200: pushKeySchema } }),
  pushSubscriptions: endpoint({ method: 'GET', path: `${base}/push/subscriptions/`, summary: "The caller's push subscriptions", tags, access: authed, responses: { 200: z.array(pushSubscriptionSchema) } }),
  pushSubscribe: endpoint({ method: 'POST', path: `${base}/push/subscriptions/`, summary: "Add a browser's push subscription (PushSubscription.toJSON())", tags, access: authed, body: pushSubscriptionInputSchema, responses: { 201: pushSubscriptionSchema } }),
  pushUnsubscribe: endpoint({ method: 'DELETE', path: `${base}/push/subscriptions/{id}/`, summary: 'Remove a push subscription', tags, access: authed, params: idParams, responses: { 204: null } }),
  unsubscribe: endpoint({ method: 'POST', path: `${base}/unsubscribe/`, summary: 'One-click unsubscribe (RFC 8058): turns e-mail off for the kind the signed token names; no sign-in', tags, access: { kind: 'public' }, query: unsubscribeQuerySchema, responses: { 200: unsubscribeResultSchema } }),
  streamToken: endpoint({ method: 'POST', path: `${base}/stream-token/`, summary: 'A short-lived token that only opens the notification stream (EventSource cannot send headers)', tags, access: authed, responses: { 201: streamTokenSchema } }),
  stream: endpoint({
    method: 'GET',
    path: `${base}/stream/`,
    summary: 'Server-Sent Events: new notifications (event "notification", id = notification id) and counts (event "counts"); Authorization header or ?token= from stream-token/; Last-Event-ID replays missed notifications',
    tags,
    access: authed,
    query: z.object({ token: z.string().max(256).optional() }),
    streaming: true,
    produces: ['text/event-stream'],
    responses: { 200: null },
  }),
};
