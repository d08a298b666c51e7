import type { FastifyInstance } from 'fastify';
import { jobEndpoints } from '@ops/contract/jobs/jobs.endpoints';
import { BULK_RESOURCES } from '@ops/contract/jobs/jobs.schemas';
import { route } from '../../platform/route';
import { listRequestOf } from '../../list-query/list-request';
import { listViewer } from '../../list-query/list-viewer';
import type { JobsService } from './jobs.service';

export async function jobsRoutes(app: FastifyInstance, options: { jobs: JobsService }) {
  const { jobs } = options;
  route(app, jobEndpoints.list, async ({ request, query, user }) => jobs.list(user, await listRequestOf(request, query)));
  route(app, jobEndpoints.get, ({ user, params }) => jobs.get(user, params.id));
  route(app, jobEndpoints.undo, ({ user, params }) => jobs.undo(user, params.id));
  for (const resource of BULK_RESOURCES) {
    route(app, jobEndpoints.bulk[resource], async ({ request, user, body }) =>
      jobs.submitBulk(user, await listViewer(request), resource, body),
    );
  }
}
