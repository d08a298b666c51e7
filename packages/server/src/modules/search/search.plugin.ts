import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { searchEndpoints as ep } from '@ops/contract/search/search.endpoints';
import { route } from '../../platform/route';
import { listViewer } from '../../list-query/list-viewer';
import { createSearchService } from './search.service';

/** `GET search/?q=`: search everything the caller may see (spec platform §13.2). */
export const searchPlugin = fp(
  async (app: FastifyInstance) => {
    const search = createSearchService(app.database.db);
    route(app, ep.search, async ({ request, query }) => ({ results: await search.search(await listViewer(request), query.q) }));
  },
  { name: 'search', dependencies: ['identity'] },
);
