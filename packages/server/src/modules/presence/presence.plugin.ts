import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { presenceEndpoints as ep } from '@ops/contract/presence/presence.endpoints';
import { route } from '../../platform/route';
import { createPresenceRepository } from './presence.repository';
import { createPresenceService } from './presence.service';

/** Who else is editing a record: `presence/` (platform.md 14.6), announced on the notification stream. */
export const presencePlugin = fp(
  async (app: FastifyInstance) => {
    const presence = createPresenceService({
      repository: createPresenceRepository(app.database.db),
      announce: (userIds, subject) => app.notifications.announcePresence(userIds, subject),
    });
    route(app, ep.announce, ({ auth, body }) => presence.announce(auth, body));
    route(app, ep.leave, ({ auth, body }) => presence.leave(auth, body));
    route(app, ep.list, ({ auth, query }) => presence.list(auth, query));
    // Rows of forms closed without a goodbye (a crashed tab) are forgotten hourly.
    const sweep = setInterval(() => void presence.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'presence sweep failed')), 3_600_000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'presence', dependencies: ['identity', 'notifications'] },
);
