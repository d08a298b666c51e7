import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { endpoint } from '@ops/contract/common/endpoint';
import { route } from '../../platform/route';
import { stringify } from 'yaml';

export const schemaEndpoint = endpoint({
  method: 'GET',
  path: '/api/schema/',
  summary: 'The OpenAPI 3.1 document of this API',
  tags: ['schema'],
  access: { kind: 'public' },
  query: z.object({ format: z.enum(['json', 'yaml']).optional(), lang: z.string().max(10).optional() }),
  responses: { 200: z.record(z.string(), z.unknown()) },
});

export async function schemaPlugin(app: FastifyInstance) {
  route(app, schemaEndpoint, ({ query, reply, request }) => {
    const document = app.swagger();
    const wantsYaml = query.format === 'yaml' || (!query.format && /yaml/.test(String(request.headers.accept ?? '')));
    if (wantsYaml) return reply.type('application/yaml; charset=utf-8').send(stringify(document));
    return document as Record<string, unknown>;
  });
}
