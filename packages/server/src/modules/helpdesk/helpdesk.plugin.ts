import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createHelpdeskRepository } from './helpdesk.repository';
import { createHelpdeskService } from './helpdesk.service';
import { helpdeskRoutes } from './helpdesk.routes';
import { createHelpdeskListsService } from './helpdesk-lists.service';

/** Tickets (own and staff), their messages, attachments and status history. */
export const helpdeskPlugin = fp(
  async (app: FastifyInstance) => {
    const { db } = app.database;
    const helpdesk = createHelpdeskService({
      repository: createHelpdeskRepository(db, app.permissionHolders),
      transaction: (work) => db.transaction((tx) => work(createHelpdeskRepository(tx, app.permissionHolders), tx)),
      storage: app.storage,
      notifications: app.notifications.writer,
      log: app.log,
    });
    const lists = createHelpdeskListsService({ db, helpdesk });
    await app.register(helpdeskRoutes, { helpdesk, lists, tempDir: app.config.tempDir, maxUploadBytes: app.config.maxUploadBytes });
  },
  { name: 'helpdesk', dependencies: ['identity', 'notifications'] },
);
