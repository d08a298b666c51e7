import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createLocalBus, createPostgresBus } from './notification-bus';
import { createEmailOutbox, createSmtpSender } from './email-outbox';
import { createStreamHub } from './notification-stream';
import { createNotificationsRepository } from './notifications.repository';
import { createNotificationsService, type NotificationsService } from './notifications.service';
import { notificationsRoutes } from './notifications.routes';

/**
 * Notifications: storage and actions, the live stream (fan-out by
 * PostgreSQL LISTEN/NOTIFY, in-process on PGlite) and the mail outbox.
 * Other modules write notifications through `app.notifications.writer`.
 */
export const notificationsPlugin = fp(
  async (app: FastifyInstance) => {
    const { database, config } = app;
    const repository = createNotificationsRepository(database.db);
    const bus = database.engine === 'postgres' ? createPostgresBus(database.pool!, app.log) : createLocalBus();
    const outbox = config.smtp
      ? createEmailOutbox({ repository, send: createSmtpSender(config.smtp), log: app.log })
      : undefined;
    const notifications = createNotificationsService({
      repository,
      repositoryFor: createNotificationsRepository,
      bus,
      mailEnabled: Boolean(outbox),
      kickMail: () => outbox?.kick(),
      log: app.log,
    });
    const hub = createStreamHub({ bus, source: notifications, heartbeatMs: config.streamHeartbeatMs, log: app.log });

    app.decorate('notifications', notifications);
    app.decorate('notificationStreams', hub);
    app.addHook('onReady', async () => outbox?.start());
    // Before the server stops accepting: open streams would otherwise hold the close forever.
    app.addHook('preClose', async () => hub.closeAll());
    app.addHook('onClose', async () => {
      await outbox?.stop();
      await bus.close();
    });
    await app.register(notificationsRoutes, { notifications, hub });
  },
  { name: 'notifications' },
);

declare module 'fastify' {
  interface FastifyInstance {
    notifications: NotificationsService;
    notificationStreams: ReturnType<typeof createStreamHub>;
  }
}
