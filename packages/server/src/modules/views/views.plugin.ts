import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { viewEndpoints as ep } from '@ops/contract/views/views.endpoints';
import { registerConstraintMessage } from '../../platform/errors';
import { route, type RequestAuth } from '../../platform/route';
import { listRequestOf } from '../../list-query/list-request';
import { createViewsService, type Caller } from './views.service';

registerConstraintMessage('identity_view_user_page_name_uq', 'name', 'You already have a view with this name on this page.');

const callerOf = (auth: RequestAuth): Caller => ({
  id: auth.user.id,
  canShare: async () => {
    const keys = await auth.permissionKeys();
    return keys.has('*') || keys.has('view.share');
  },
});

/** Named and shared list views (`identity/views/`). */
export const viewsPlugin = fp(
  async (app: FastifyInstance) => {
    const views = createViewsService(app.database.db);
    route(app, ep.list, async ({ request, query, user }) => views.list(user.id, await listRequestOf(request, query)));
    route(app, ep.create, ({ auth, body }) => views.create(callerOf(auth), body));
    route(app, ep.get, ({ user, params }) => views.get(user.id, params.id));
    route(app, ep.patch, ({ auth, params, body }) => views.patch(callerOf(auth), params.id, body));
    route(app, ep.remove, ({ user, params }) => views.remove(user.id, params.id));
    route(app, ep.makeDefault, ({ user, params }) => views.makeDefault(user.id, params.id));
    route(app, ep.clearDefault, ({ user, params }) => views.clearDefault(user.id, params.id));
  },
  { name: 'views', dependencies: ['identity'] },
);
