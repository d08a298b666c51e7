import type { FastifyInstance } from 'fastify';

/**
 * The base of absolute links the server writes: PUBLIC_URL when set, else the address it listens
 * on. Never the request's Host header: a client (or a cache in front of it) chooses that, and a
 * hostile one would plant its own domain in pagination, download and mail links.
 */
export function publicBaseUrl(app: Pick<FastifyInstance, 'config' | 'server'>): string {
  if (app.config.publicUrl) return app.config.publicUrl;
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : app.config.port;
  const listening = address && typeof address === 'object' ? address.address : app.config.host;
  // A wildcard address is not a place to send anyone; the machine itself is.
  const host = !listening || listening === '0.0.0.0' || listening === '::' ? 'localhost' : listening.includes(':') ? `[${listening}]` : listening;
  return `http://${host}:${port}`;
}

/** `path` (starting with `/`, query included) as an absolute URL under the public base. */
export function publicUrlOf(app: Pick<FastifyInstance, 'config' | 'server'>, path: string): string {
  return `${publicBaseUrl(app)}${path}`;
}
