import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { mapOrigins, type Config } from './config';
import type { FastifyHelmetOptions } from '@fastify/helmet';

/** helmet's options, as @fastify/helmet takes them (its own `global` and `enableCSPNonces` are not used here). */
export type HelmetOptions = FastifyHelmetOptions;

type Helmet = (options: Readonly<HelmetOptions>) => (req: unknown, res: HeaderSink, next: (error?: unknown) => void) => void;
interface HeaderSink {
  setHeader(name: string, value: string): void;
  removeHeader(name: string): void;
}

/**
 * The headers helmet sets for these options, worked out once. helmet is the dependency
 * @fastify/helmet brings (resolved from there, so its version is the one the lock file holds).
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): [string, string][] {
  const requireFromPlugin = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'));
  const helmet = requireFromPlugin('helmet') as Helmet;
  const headers = new Map<string, string>();
  let failure: unknown;
  helmet(options)({}, { setHeader: (name, value) => void headers.set(name, String(value)), removeHeader: (name) => void headers.delete(name) }, (error) => {
    failure = error;
  });
  if (failure) throw failure;
  return [...headers];
}

/**
 * Security headers (CSP, nosniff, frame and cross-origin policies) on every answer, as helmet
 * writes them. @fastify/helmet built a fresh helmet middleware on every request (parsing the CSP
 * directives again each time, about 5% of a client detail's CPU); the options never change while
 * the server runs, so the headers are computed at start and each request only sets them.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    done();
  });
}

/** The server's helmet options: CSP for the web app (map origins from the configuration), no HSTS (app.ts sets it where TLS is known). */
export function securityHeaderOptions(config: Pick<Config, 'mapStyleUrl' | 'mapTileOrigins'>): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...mapOrigins(config)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        workerSrc: ["'self'", 'blob:'],
        // Map styles, tiles and glyphs of an online basemap, when one is configured.
        connectSrc: ["'self'", ...mapOrigins(config)],
        // Attachment previews show PDFs from object URLs.
        frameSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
      },
    },
    hsts: false,
  };
}
