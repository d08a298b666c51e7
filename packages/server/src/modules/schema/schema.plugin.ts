import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { endpoint } from '@ops/contract/common/endpoint';
import { route } from '../../platform/route';
import { stringify } from 'yaml';
import { completeDocument } from './openapi-document';

const openApiDocumentSchema = z
  .object({ openapi: z.string(), info: z.record(z.string(), z.unknown()), paths: z.record(z.string(), z.unknown()) })
  .catchall(z.unknown());
type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;

export const schemaEndpoint = endpoint({
  method: 'GET',
  path: '/api/schema/',
  summary: 'The OpenAPI 3.1 document of this API',
  tags: ['schema'],
  access: { kind: 'public' },
  query: z.object({ format: z.enum(['json', 'yaml']).optional(), lang: z.string().max(10).optional() }),
  produces: ['application/yaml'],
  responses: { 200: openApiDocumentSchema },
});

// Routes are fixed once the app is ready: the document is built on first request and kept per app.
const documents = new WeakMap<FastifyInstance, OpenApiDocument>();

/** The completed OpenAPI document of this app, as /api/schema/ and the reference at /api/docs/ serve it. */
export function openApiDocument(app: FastifyInstance): OpenApiDocument {
  let document = documents.get(app);
  if (!document) {
    // The completed swagger output: openapi, info and paths are always there.
    document = completeDocument(app.swagger() as Record<string, unknown>, app.routeTable, {
      rateLimited: app.config.rateLimitMax > 0,
    }) as OpenApiDocument;
    documents.set(app, document);
  }
  return document;
}

export async function schemaPlugin(app: FastifyInstance) {
  let yaml: string | undefined;
  route(app, schemaEndpoint, ({ query, reply, request }) => {
    const wantsYaml = query.format === 'yaml' || (!query.format && /yaml/.test(String(request.headers.accept ?? '')));
    // No anchors and aliases: a schema used in many places would be hundreds of aliases, which YAML
    // parsers refuse past a limit (a guard against alias bombs).
    if (wantsYaml) return reply.type('application/yaml; charset=utf-8').send((yaml ??= stringify(openApiDocument(app), { aliasDuplicateObjects: false })));
    return openApiDocument(app);
  });
}
