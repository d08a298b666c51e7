import type { FastifyInstance } from 'fastify';
import swaggerUi from '@fastify/swagger-ui';

/**
 * The interactive API reference at /api/docs/: Swagger UI served from the
 * package's own files (no CDN), reading the same OpenAPI document as
 * /api/schema/. Its page only loads scripts and styles from this origin, so
 * the app's content security policy applies unchanged. Calls made from it
 * carry the signed-in session like the web app's.
 */
export async function registerApiDocs(app: FastifyInstance, document: () => Record<string, unknown>): Promise<void> {
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // The online validator badge would load an image from another host.
    validatorUrl: false,
    // The UI loads /api/docs/json whatever `url` says; it serves /api/schema/'s document.
    transformSpecification: () => document(),
    transformSpecificationClone: false,
    // `filter`: a box that narrows ~150 operations to a tag (the list is virtualised, so scrolling alone is slow).
    uiConfig: { deepLinking: true, docExpansion: 'list', filter: true, persistAuthorization: false },
  });
}
