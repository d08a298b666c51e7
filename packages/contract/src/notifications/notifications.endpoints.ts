import { z } from 'zod';
import { endpoint } from '../common/endpoint';
import { paginated } from '../common/pagination';
import { uuid } from '../common/fields';
import { notificationCountSchema, notificationKindSchema, notificationListQuerySchema, notificationPreferencesSchema, notificationSchema, streamTokenSchema } from './notifications.schemas';

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
