import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createLocalBus, createPostgresBus } from './notification-bus';
import { createEmailOutbox, createSmtpSender } from './email-outbox';
import { publicUrlOf } from '../../platform/public-url';
import { createStreamHub } from './notification-stream';
import { ensureReplyAddresses } from './reply-address';
import type { DbOrTx } from '../../platform/db';
import { createNotificationsRepository } from './notifications.repository';
import { createNotificationsService, type NotificationsService } from './notifications.service';
import { notificationsRoutes } from './notifications.routes';
import { createWatchesRepository } from './watches.repository';
import { createPushRepository } from './push.repository';
import { createPushOutbox, type PushOutbox, type PushTransport } from './push-outbox';
import { createPushService } from './push.service';
import { createServerKeys } from './server-keys';
import type { Cron } from 'croner';
import { startDigests } from './digest';
import { unsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-tokens';
import { createWatchesService, type WatchesService, type WatchReadable } from './watches.service';
import { family, registerMetricsSource, sample } from '../metrics/index';

/**
 * Notifications: storage and actions, the live stream (fan-out by
 * PostgreSQL LISTEN/NOTIFY, in-process on PGlite) and the mail outbox.
 * Other modules write notifications through `app.notifications.writer`.
 */
export interface NotificationsPluginOptions {
  /** Whether a user may read a ticket, client or cost centre (app.ts, from the help desk's and records' faces); unset: nothing can be watched. */
  watchReadable?: WatchReadable;
  /** Where pushes go out (tests hand in a local push service's); unset: fetch. */
  pushTransport?: PushTransport;
}

export const notificationsPlugin = fp(
  async (app: FastifyInstance, options: NotificationsPluginOptions) => {
    const { database, config } = app;
    const repository = createNotificationsRepository(database.db);
    const bus = database.engine === 'postgres' ? createPostgresBus(database.pool!, app.log) : createLocalBus();
    const outbox = config.smtp ? createEmailOutbox({ repository, send: createSmtpSender(config.smtp), log: app.log }) : undefined;
    const pushRepository = createPushRepository(database.db);
    const keys = createServerKeys(
      pushRepository,
      { publicKey: process.env.VAPID_PUBLIC_KEY, privateKey: process.env.VAPID_PRIVATE_KEY, subject: process.env.VAPID_SUBJECT },
      () => (config.publicUrl?.startsWith('https://') ? config.publicUrl : `mailto:${config.smtp?.from.replace(/^.*<|>.*$/g, '') || 'notifications@localhost'}`),
    );
    const pushOutbox = createPushOutbox({
      repository: pushRepository,
      vapid: async () => (await keys()).vapid,
      transport: options.pushTransport,
      log: app.log,
    });
    const push = createPushService({ repository: pushRepository, keys, allowHttpLoopback: config.pushAllowHttpLoopback });
    const notifications = createNotificationsService({
      db: app.database.db,
      repository,
      repositoryFor: createNotificationsRepository,
      bus,
      mailEnabled: Boolean(outbox),
      kickMail: () => outbox?.kick(),
      log: app.log,
      linkTo: (path) => publicUrlOf(app, path),
      push: { repositoryFor: createPushRepository, kick: () => pushOutbox.kick() },
      unsubscribeUrl: async (userId, kind) =>
        publicUrlOf(app, `/api/notifications/unsubscribe/?token=${unsubscribeToken((await keys()).unsubscribeSecret, userId, kind)}`),
      verifyUnsubscribe: async (token) => verifyUnsubscribeToken((await keys()).unsubscribeSecret, token),
      // Mail about a ticket carries its reply address when inbound mail is on (spec platform §13.1).
      ...(config.inboundSmtp ? { replyAddresses: (tx: DbOrTx, ids: string[]) => ensureReplyAddresses(tx, config.inboundSmtp!.supportAddress, ids) } : {}),
    });
    const watches = createWatchesService({
      repository: createWatchesRepository(database.db),
      readable: options.watchReadable ?? (async () => false),
      writer: notifications.writer,
    });
    const hub = createStreamHub({ bus, source: notifications, heartbeatMs: config.streamHeartbeatMs, log: app.log });

    app.decorate('notifications', notifications);
    app.decorate('notificationWatches', watches);
    app.decorate('notificationPushOutbox', pushOutbox);
    app.decorate('notificationStreams', hub);
    // Digests (spec platform §14.4): only with mail configured; every instance may tick, a period is claimed once.
    let digests: Cron | null = null;
    if (outbox) {
      const expression = process.env.NOTIFICATION_DIGEST_CRON ?? '* * * * *';
      app.addHook('onReady', async () => {
        digests = startDigests({
          expression,
          repository,
          transaction: (work) => database.db.transaction((tx) => work(createNotificationsRepository(tx))),
          now: () => new Date(),
          linkTo: (path) => publicUrlOf(app, path),
          afterSend: () => outbox.kick(),
          log: (line) => app.log.info(line),
        });
      });
      app.addHook('onClose', async () => digests?.stop());
    }
    app.addHook('onReady', async () => {
      // The VAPID pair and the unsubscribe secret are made on first start and kept.
      await keys();
      outbox?.start();
      pushOutbox.start();
    });
    // Before the server stops accepting: open streams would otherwise hold the close forever.
    app.addHook('preClose', async () => hub.closeAll());
    app.addHook('onClose', async () => {
      await outbox?.stop();
      await pushOutbox.stop();
      await bus.close();
    });
    registerMetricsSource(app, async () => {
      const backlog = await repository.emailBacklog();
      const age = backlog.oldestPendingAt ? Math.max(0, (Date.now() - backlog.oldestPendingAt.getTime()) / 1000) : 0;
      return [
        ...family(
          'mail_outbox_messages',
          'gauge',
          'Mail in the outbox not sent yet: PENDING (to send or retry) and FAILED (gave up).',
        ),
        sample('mail_outbox_messages', { status: 'PENDING' }, backlog.pending),
        sample('mail_outbox_messages', { status: 'FAILED' }, backlog.failed),
        ...family('mail_outbox_oldest_pending_age_seconds', 'gauge', 'Age of the oldest PENDING mail (0 when none).'),
        sample('mail_outbox_oldest_pending_age_seconds', {}, age),
      ];
    });
    await app.register(notificationsRoutes, { notifications, hub, watches, push });
  },
  { name: 'notifications' },
);

declare module 'fastify' {
  interface FastifyInstance {
    notifications: NotificationsService;
    notificationStreams: ReturnType<typeof createStreamHub>;
    /** The push outbox (tests run it). */
    notificationPushOutbox: PushOutbox;
    /** Watches; `recordsChanged` is the records' change listener (app.ts). */
    notificationWatches: WatchesService;
  }
}
