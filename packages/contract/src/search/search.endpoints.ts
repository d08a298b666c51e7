import { endpoint } from '../common/endpoint';
import { searchQuerySchema, searchResponseSchema } from './search.schemas';

export const searchEndpoints = {
  search: endpoint({
    method: 'GET',
    path: '/api/search/',
    summary:
      'Search everything the caller may see: clients, cost centres, contact people, staff, tickets and pages; typo-tolerant (trigram), best first, at most 20',
    tags: ['search'],
    access: { kind: 'authenticated' },
    query: searchQuerySchema,
    responses: { 200: searchResponseSchema },
  }),
};
