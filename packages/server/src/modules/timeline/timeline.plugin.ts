import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { timelineEndpoints as ep } from '@ops/contract/timeline/timeline.endpoints';
import { route } from '../../platform/route';
import { publicUrlOf } from '../../platform/public-url';
import { createTimelineService } from './timeline.service';

/** GET accounts/clients/{id}/timeline/ and operations/cost-centres/{id}/timeline/ (spec platform §13.3). */
export const timelinePlugin = fp(
  async (app: FastifyInstance) => {
    const service = createTimelineService(app.database.db);
    const requestOf = (ctx: {
      request: import('fastify').FastifyRequest;
      query: import('@ops/contract/timeline/timeline.schemas').TimelineQuery;
      user: import('../../platform/auth').AuthUser;
      auth: import('../../platform/route').RequestAuth;
    }) => ({
      query: ctx.query,
      url: publicUrlOf(ctx.request.server, ctx.request.url),
      user: ctx.user,
      can: (model: string) => ctx.auth.hasPermission(model, 'read'),
    });
    route(app, ep.clientTimeline, (ctx) => service.page('client', ctx.params.id, requestOf(ctx)));
    route(app, ep.costCentreTimeline, (ctx) => service.page('costcentre', ctx.params.id, requestOf(ctx)));
  },
  { name: 'timeline', dependencies: ['identity', 'records'] },
);
