import { endpoint } from '../common/endpoint';
import { chartQuerySchema } from './charts.schemas';

export const chartsEndpoints = {
  generate: endpoint({
    method: 'GET',
    path: '/api/charts/generate/',
    summary: 'A QR code as a PNG of exactly the requested size',
    tags: ['charts'],
    access: { kind: 'optional' },
    query: chartQuerySchema,
    produces: ['image/png'],
    responses: { 200: null },
  }),
};
