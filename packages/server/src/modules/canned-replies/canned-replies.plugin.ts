import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { cannedReplyEndpoints as canned } from '@ops/contract/helpdesk/canned-replies';
import { route } from '../../platform/route';
import { listRequestOf } from '../../list-query/list-request';
import { createCannedRepliesService } from './canned-replies.service';

/** Canned replies (spec platform §13.1): own and shared reply templates, rendered for a ticket. */
export const cannedRepliesPlugin = fp(
  async (app: FastifyInstance) => {
    const service = createCannedRepliesService(app.database.db);
    route(app, canned.list, async ({ request, query, user }) => service.list(user, await listRequestOf(request, query)));
    route(app, canned.create, ({ user, body }) => service.create(user, body));
    route(app, canned.get, ({ user, params }) => service.get(user, params.id));
    route(app, canned.put, ({ user, params, body }) => service.update(user, params.id, body));
    route(app, canned.patch, ({ user, params, body }) => service.update(user, params.id, body));
    route(app, canned.remove, ({ user, params }) => service.remove(user, params.id));
    route(app, canned.render, ({ user, params }) => service.render(user, params.ticket_id, params.id));
  },
  { name: 'canned-replies', dependencies: ['helpdesk'] },
);
