import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createHelpdeskRepository } from './helpdesk.repository';
import { createHelpdeskService, type HelpdeskService } from './helpdesk.service';
import { helpdeskRoutes } from './helpdesk.routes';
import type { TicketEvents } from './helpdesk-service-deps';
import { createHelpdeskListsService } from './helpdesk-lists.service';
import { startTempUploadSweep } from './attachment-sweep';

/** Tickets (own and staff), their messages, attachments and status history. */
export interface HelpdeskPluginOptions {
  /** Told of new and changed tickets inside their transactions (app.ts hands in automations' events). */
  events?: TicketEvents;
}

export const helpdeskPlugin = fp(
  async (app: FastifyInstance, options: HelpdeskPluginOptions) => {
    const { db } = app.database;
    const helpdesk = createHelpdeskService({
      repository: createHelpdeskRepository(db, app.permissionHolders),
      transaction: (work) => db.transaction((tx) => work(createHelpdeskRepository(tx, app.permissionHolders), tx)),
      repositoryFor: (tx) => createHelpdeskRepository(tx, app.permissionHolders),
      storage: app.storage,
      notifications: app.notifications.writer,
      log: app.log,
      flow: app.helpdeskFlow.hooks,
      events: options.events,
    });
    app.decorate('helpdesk', helpdesk);
    const lists = createHelpdeskListsService({ db, helpdesk, holders: app.permissionHolders });
    await app.register(helpdeskRoutes, { helpdesk, lists, tempDir: app.config.tempDir, maxUploadBytes: app.config.maxUploadBytes });
    // Temporary uploads (helpdesk and profile alike) are swept while running, not only at start.
    const { tempDir, tempSweepSeconds, orphanGraceSeconds } = app.config;
    if (tempSweepSeconds > 0) {
      let stop: (() => void) | undefined;
      app.addHook('onReady', async () => {
        stop = startTempUploadSweep({ tempDir, everySeconds: tempSweepSeconds, olderThanSeconds: orphanGraceSeconds, log: (line) => app.log.info(line) });
      });
      app.addHook('onClose', async () => stop?.());
    }
  },
  { name: 'helpdesk', dependencies: ['identity', 'notifications', 'helpdesk-flow'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The help desk's service, for other ways in (inbound mail). */
    helpdesk: HelpdeskService;
  }
}
