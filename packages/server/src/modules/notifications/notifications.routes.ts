import type { FastifyInstance } from 'fastify';
import { notificationEndpoints as ep } from '@ops/contract/notifications/notifications.endpoints';
import { notAuthenticated } from '../../platform/errors';
import { route } from '../../platform/route';
import { listRequestOf } from '../../list-query/list-request';
import type { NotificationsService } from './notifications.service';
import type { StreamHub } from './notification-stream';
import type { WatchesService } from './watches.service';
import type { PushService } from './push.service';
import { NOTIFICATIONS_ERRORS } from './notifications.errors';

export interface NotificationsRoutesOptions {
  notifications: NotificationsService;
  hub: StreamHub;
  watches: WatchesService;
  push: PushService;
}

export async function notificationsRoutes(app: FastifyInstance, options: NotificationsRoutesOptions) {
  const { notifications, hub, watches, push } = options;

  route(app, ep.list, async ({ request, query, user }) => notifications.list(user.id, query.unread, await listRequestOf(request, query)));
  route(app, ep.counts, ({ user }) => notifications.counts(user.id));
  route(app, ep.readAll, ({ user }) => notifications.readAll(user.id));
  route(app, ep.deleteAll, ({ user }) => notifications.deleteAll(user.id));
  route(app, ep.get, ({ user, params }) => notifications.get(user.id, params.id));
  route(app, ep.read, ({ user, params }) => notifications.setUnread(user.id, params.id, false));
  route(app, ep.unread, ({ user, params }) => notifications.setUnread(user.id, params.id, true));
  route(app, ep.remove, ({ user, params }) => notifications.remove(user.id, params.id));
  route(app, ep.preferenceKinds, () => notifications.preferenceKinds());
  route(app, ep.getPreferences, ({ user }) => notifications.preferences(user.id));
  route(app, ep.putPreferences, ({ user, body }) => notifications.savePreferences(user.id, body));
  route(app, ep.watches, ({ user }) => watches.list(user.id));
  route(app, ep.watch, ({ user, auth, body }) => watches.watch(user, (model, action) => auth.hasPermission(model, action), body));
  route(app, ep.unwatch, ({ user, params }) => watches.unwatch(user.id, params.id));
  route(app, ep.pushKey, () => push.publicKey());
  route(app, ep.pushSubscriptions, ({ user }) => push.list(user.id));
  route(app, ep.pushSubscribe, ({ user, body }) => push.subscribe(user.id, body));
  route(app, ep.pushUnsubscribe, ({ user, params }) => push.unsubscribe(user.id, params.id));
  // RFC 8058: the mail client POSTs `List-Unsubscribe=One-Click` as a form; its body carries nothing
  // the answer depends on (the signed token in the URL does), so it is read and left aside.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, undefined));
  route(app, ep.unsubscribe, ({ query }) => notifications.unsubscribe(query.token));
  route(app, ep.streamToken, ({ user }) => notifications.issueStreamToken(user.id));

  // EventSource cannot send headers, so besides the usual credentials the
  // stream accepts ?token= from stream-token/; route() is told the access is
  // optional and the handler insists on one or the other.
  route(app, { ...ep.stream, access: { kind: 'optional' } }, async ({ request, reply, query, user }) => {
    const userId = user?.id ?? (query.token ? await notifications.userForStreamToken(query.token) : undefined);
    if (!userId) throw query.token ? NOTIFICATIONS_ERRORS.error('BAD_STREAM_TOKEN') : notAuthenticated();
    const lastEventId = request.headers['last-event-id'];
    await hub.serve(reply, userId, typeof lastEventId === 'string' ? lastEventId : undefined);
    return reply;
  });
}
