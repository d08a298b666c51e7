import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import fastifyStatic from '@fastify/static';
import fs from 'node:fs';
import type { DestinationStream } from 'pino';
import { ERROR_MESSAGES } from '@ops/contract/common/errors';
import path from 'node:path';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from './platform/config';
import { LOG_REDACT_PATHS, serializeError } from './platform/log-redaction';
import { prettyLogStream } from './platform/log-format';
import type { Database } from './platform/db';
import { sqlCounter, type SqlScope } from './platform/db';
import { methodNotAllowed } from './platform/errors';
import { answerClientError, answerFrameworkError, registerErrorHandler, registerJsonParser } from './platform/error-handler';
import { registerCors } from './platform/cors';
import { registerApiDocs } from './platform/api-docs';
import { createErrorReporter, type ErrorReporter } from './platform/error-reporting';
import { registerMethodNotAllowed } from './platform/route';
import { createStorage, type FileStorage } from './platform/storage';
import { createRateCounter, type RateCounter } from './platform/shared-rate-limit';
import { createReadRouter, noReadRouter, type ReadRouter } from './platform/read-routing';
import { healthPlugin } from './modules/health/health.plugin';
import { identityPlugin } from './modules/identity/identity.plugin';
import { allocationPlugin } from './modules/identity/allocation.plugin';
import { recordsPlugin } from './modules/records/records.plugin';
import { integrationsPlugin } from './modules/integrations/integrations.plugin';
import { chartsPlugin } from './modules/charts/charts.plugin';
import { helpdeskPlugin } from './modules/helpdesk/helpdesk.plugin';
import { helpdeskFlowPlugin } from './modules/helpdesk-flow/flow.plugin';
import { helpdeskFlowTickets, ticketVisible } from './modules/helpdesk/index';
import { recordVisible } from './modules/records/index';
import { cannedRepliesPlugin } from './modules/canned-replies/canned-replies.plugin';
import { siteReportPlugin } from './modules/site-report/site-report.plugin';
import { siteChecksPlugin } from './modules/sitechecks/index';
import { notificationsPlugin } from './modules/notifications/notifications.plugin';
import { openApiDocument, schemaPlugin } from './modules/schema/schema.plugin';
import { metricsPlugin } from './modules/metrics/metrics.plugin';
import { telemetryPlugin } from './modules/telemetry/telemetry.plugin';
import { viewsPlugin } from './modules/views/views.plugin';
import { searchPlugin } from './modules/search/search.plugin';
import { mailInPlugin } from './modules/mail-in/mail-in.plugin';
import { allocationsPlugin } from './modules/allocations/allocations.plugin';
import { timelinePlugin } from './modules/timeline/timeline.plugin';
import { jobsPlugin } from './modules/jobs/jobs.plugin';
import { dashboardPlugin } from './modules/dashboard/dashboard.plugin';
import { presencePlugin } from './modules/presence/presence.plugin';
import { auditPlugin } from './modules/audit/index';
import { knowledgePlugin } from './modules/knowledge/knowledge.plugin';
import { automationsPlugin } from './modules/automations/automations.plugin';
import { debugSqlHeader } from './platform/debug-sql';
import { registerSecurityHeaders, securityHeaderOptions } from './platform/security-headers';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    storage: FileStorage;
    /** Rate-limit windows, shared by the instances on PostgreSQL (platform/shared-rate-limit.ts). */
    rateCounter: RateCounter;
    /** Replica reads and the read-your-writes window (platform/read-routing.ts); `enabled` false without a replica. */
    readRouter: ReadRouter;
    /** Set when ERROR_REPORTING_URL is: unhandled errors and web app errors go there. */
    errorReporter: ErrorReporter | undefined;
  }
  interface FastifyRequest {
    sqlScope: SqlScope | undefined;
  }
  interface FastifyInstance {
    registeredRoutes: { method: string; url: string }[];
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  storage?: FileStorage;
  logger?: boolean;
  /** Where JSON log lines go (stdout by default); tests read them from here. */
  logStream?: DestinationStream;
}

/** An incoming X-Request-Id is kept only from a trusted proxy, and only in a plain shape. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const HSTS = 'max-age=31536000; includeSubDomains';
/**
 * Request line plus headers Node accepts (its default is 16 KiB). Every query
 * the OpenAPI document allows fits, percent-encoded, with room for headers;
 * above it the client gets 414/431 (answerClientError).
 */
export const MAX_HEADER_BYTES = 80 * 1024;

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: LOG_REDACT_PATHS,
            serializers: { err: (error) => serializeError(error) },
            ...(options.logStream
              ? { stream: options.logStream }
              : config.logFormat === 'pretty'
                ? { stream: prettyLogStream() }
                : {}),
          },
    // Fastify logs a request twice (received, completed); the onResponse hook below logs it once.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimitBytes,
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.connectionTimeoutMs,
    http: { maxHeaderSize: MAX_HEADER_BYTES },
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 200 },
    requestIdHeader: false,
    genReqId: (raw) => {
      const incoming = raw.headers['x-request-id'];
      return config.trustProxy && typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    },
  });

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('storage', options.storage ?? createStorage(config));
  const rateCounter = createRateCounter(database);
  app.decorate('rateCounter', rateCounter);
  const readRouter = database.replicaPool
    ? createReadRouter(database.pool!, config.readYourWritesMs, app.log)
    : noReadRouter;
  app.decorate('readRouter', readRouter);
  app.addHook('onClose', async () => {
    rateCounter.close();
    await readRouter.close();
  });
  app.decorate('routeTable', []);
  app.decorate('metricsGauges', () => []);
  app.decorate('metricsSources', []);
  // Every route Fastify knows, so a test can prove none bypasses the contract's route table.
  const registeredRoutes: { method: string; url: string }[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (options) => {
    for (const method of [options.method].flat()) registeredRoutes.push({ method: String(method), url: options.url });
  });
  app.decorateRequest('sqlScope', undefined);
  const errorReporter = config.errorReportingUrl
    ? createErrorReporter({ url: config.errorReportingUrl, service: config.tracing?.serviceName ?? 'ops-server', log: app.log })
    : undefined;
  app.decorate('errorReporter', errorReporter);
  if (errorReporter) app.addHook('onClose', () => errorReporter.settle());

  // Request validation and serialisation come from the contract's zod schemas in route();
  // the schemas on the route are there for the OpenAPI document.
  // `true` leaves each part as parsed (Fastify would otherwise turn an absent body into `null`,
  // which is then indistinguishable from a JSON `null`).
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  registerErrorHandler(app);
  registerJsonParser(app);

  // Each request counts its SQL statements; the count is exposed for tests and benchmarks when enabled.
  app.addHook('onRequest', (request, _reply, done) => {
    const scope: SqlScope = { statements: 0 };
    if (config.exposeSqlCount && request.headers['x-debug-sql'] === '1') scope.captured = [];
    request.sqlScope = scope;
    sqlCounter.run(scope, done);
  });
  // One line per request, once answered (level info: quiet in a terminal by default, platform/log-format.ts).
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
  // The OpenTelemetry SDK loads only when tracing is configured (platform/trace-config.ts).
  if (config.tracing) (await import('./platform/tracing')).registerTracing(app, config.tracing);
  // While shutting down, answers to in-flight requests close their connection so
  // keep-alive clients do not hold the process open.
  // A keep-alive connection whose response was already under way (headers sent) turns idle only
  // when it ends, after the one closeIdleConnections() of close(): sweep until closed, or close()
  // waits out the keep-alive timeout and the process needs its forced exit.
  let closing = false;
  let idleSweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', (done) => {
    closing = true;
    idleSweep = setInterval(() => app.server.closeIdleConnections(), 100);
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    clearInterval(idleSweep);
    done();
  });
  // Callback hooks, not async ones: no promise per answer for a few headers.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (closing) reply.header('Connection', 'close');
    reply.header('X-Request-Id', request.id);
    // HSTS only where the browser reached us over TLS: directly, through a trusted proxy, or as the operator declares.
    if (config.secureCookies || request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    done(null, payload);
  });
  if (config.exposeSqlCount) {
    app.addHook('onSend', (request, reply, payload, done) => {
      reply.header('X-SQL-Statements', String(request.sqlScope?.statements ?? 0));
      // Benchmarks only (never enabled in production): the statements as base64 JSON, to replay them.
      const captured = request.sqlScope?.captured;
      if (captured) {
        // Bounded (DEBUG_SQL_HEADER_BYTES): a client refuses a response whose headers pass its limit.
        const header = debugSqlHeader(captured, config.debugSqlHeaderBytes);
        reply.header('X-Debug-SQL', header.value);
        if (header.omitted) reply.header('X-Debug-SQL-Omitted', String(header.omitted));
      }
      done(null, payload);
    });
  }

  registerCors(app, config.corsOrigins);
  await app.register(cookie);
  if (config.rateLimitMax > 0) {
    await app.register(rateLimit, {
      global: true,
      max: config.rateLimitMax,
      timeWindow: config.rateLimitWindowSeconds * 1000,
      // Counted in the database on PostgreSQL, so N instances allow the limit, not N times it.
      ...(database.engine === 'postgres' ? { store: sharedRateLimitStore(rateCounter) } : {}),
      // Probes and scrapes are not clients.
      allowList: (request) => ['/healthz', '/readyz', '/metrics'].includes(request.url.split('?')[0]!),
      errorResponseBuilder: (_request, context) =>
        Object.assign(
          new Error(ERROR_MESSAGES.throttled.replace('{seconds}', String(Math.max(1, Math.ceil(context.ttl / 1000))))),
          { statusCode: 429 },
        ),
    });
  }
  registerSecurityHeaders(app, securityHeaderOptions(config));
  await app.register(multipart, { limits: { fileSize: 1024 * 1024 * 1024, files: 50, parts: 100, fieldSize: 2 * 1024 * 1024 } });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Catering operations platform API', version: '1.0.0' },
      components: {
        securitySchemes: {
          tokenAuth: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Token <token>' },
          sessionAuth: { type: 'apiKey', in: 'cookie', name: 'sessionid' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });

  await app.register(metricsPlugin, { token: options.config.metricsToken, port: options.config.metricsPort, host: options.config.metricsHost });
  await app.register(healthPlugin);
  await app.register(identityPlugin);
  // Audited changes of clients and cost centres reach their watchers (notifications registers later; read at call time).
  // Automations hear them too (spec platform §14.3): their events are written in the same transaction.
  await app.register(recordsPlugin, {
    changes: async (tx, changes) => {
      const watchers = await app.notificationWatches.recordsChanged(tx, changes);
      const automations = await app.automationEvents.recordsChanged(tx, changes);
      return watchers || automations
        ? () => {
            watchers?.();
            automations?.();
          }
        : undefined;
    },
  });
  await app.register(allocationPlugin);
  await app.register(integrationsPlugin);
  await app.register(chartsPlugin);
  // Only what a user can read can be watched: the help desk's and records' read checks, handed in here
  // so notifications imports neither (the help desk depends on notifications).
  await app.register(notificationsPlugin, {
    watchReadable: (model, id, viewer) =>
      model === 'ticket'
        ? ticketVisible(database.db, viewer, id)
        : recordVisible(database.db, model === 'client' ? 'client' : 'costCentre', id, viewer),
  });
  // The flow routes and times the help desk's tickets through the port the help desk implements.
  await app.register(helpdeskFlowPlugin, { tickets: helpdeskFlowTickets, events: (tx, events) => app.automationEvents.record(tx, events) });
  // New and changed tickets reach automations inside their transactions (automations registers later; read at call time).
  await app.register(helpdeskPlugin, {
    events: {
      created: (tx, id) => app.automationEvents.tickets.created(tx, id),
      updated: (tx, id, fields) => app.automationEvents.tickets.updated(tx, id, fields),
      updatedMany: (tx, changes) => app.automationEvents.tickets.updatedMany(tx, changes),
    },
  });
  await app.register(cannedRepliesPlugin);
  await app.register(siteReportPlugin);
  await app.register(siteChecksPlugin, { events: (tx, events) => app.automationEvents.record(tx, events) });
  await app.register(viewsPlugin);
  await app.register(searchPlugin);
  await app.register(mailInPlugin);
  await app.register(allocationsPlugin);
  await app.register(timelinePlugin);
  await app.register(jobsPlugin);
  await app.register(dashboardPlugin);
  await app.register(presencePlugin);
  await app.register(auditPlugin);
  await app.register(knowledgePlugin);
  await app.register(automationsPlugin);
  await app.register(schemaPlugin);
  await registerApiDocs(app, () => openApiDocument(app));
  await app.register(telemetryPlugin);
  const allowedMethods = registerMethodNotAllowed(app);

  await registerWebApp(app, config, allowedMethods);
  return app;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** index.html with the runtime settings the web app reads from its head (the online map style). */
async function indexHtml(indexPath: string, config: Config): Promise<string> {
  const html = await fs.promises.readFile(indexPath, 'utf8');
  if (!config.mapStyleUrl) return html;
  return html.replace('</head>', `    <meta name="ops-map-style" content="${escapeAttribute(config.mapStyleUrl)}" />\n  </head>`);
}

/** The web app's service workers (web push; the site checks' offline worker, built by vite-plugin-pwa). */
const SERVICE_WORKERS = new Set(['sw.js', 'sitechecks-sw.js']);

/** Serves the built web app with client-side routing: unknown non-API GETs get index.html. */
async function registerWebApp(app: FastifyInstance, config: Config, allowedMethods: (url: string) => string[] | undefined) {
  const { webDist } = config;
  const indexPath = path.join(webDist, 'index.html');
  const hasWeb = fs.existsSync(indexPath);
  if (hasWeb) {
    // index.html always goes through indexHtml (runtime settings), never straight from disk.
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br/.gz beside each text asset (packages/web/scripts/precompress.ts):
      // sent as they are to browsers that accept them, with no compression work per request.
      preCompressed: true,
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders: (reply, filePath) => {
        // Vite names files under assets/ by their content hash: a new build gets new names, so a
        // browser may keep them for a year. Everything else (basemap, zod-config.js) keeps an hour.
        const relative = path.relative(webDist, filePath);
        const hashed = relative.split(path.sep)[0] === 'assets';
        // The service workers keep their URLs across deploys: the browser asks again each time (a new one takes over at once).
        if (SERVICE_WORKERS.has(relative)) reply.header('cache-control', 'no-cache');
        else reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }
  // Fastify looks at the body of a method it knows before any handler runs: QUERY without a
  // Content-Type is refused with 400 there. A path that exists answers 405 for it all the same.
  app.addHook('onRequest', async (request) => {
    if (!request.is404) return;
    const url = request.url.split('?')[0]!;
    const allowed = url.startsWith('/api/') ? allowedMethods(url) : undefined;
    if (allowed && !allowed.includes(request.method)) throw methodNotAllowed(request.method, allowed);
  });
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0]!;
    // No API route for this method: a path that exists under other methods is 405, any method (TRACE, PROPFIND...).
    // Web paths are not API operations: a static file refused by allowedPath (/index.html) falls through to the app.
    const allowed = url.startsWith('/api/') ? allowedMethods(url) : undefined;
    if (allowed && !allowed.includes(request.method)) throw methodNotAllowed(request.method, allowed);
    if (url.startsWith('/api/') || url === '/api' || request.method !== 'GET' || !hasWeb) {
      return reply.code(404).send({ detail: 'Not found.' });
    }
    if (/\.[a-z0-9]+$/i.test(url) && !url.endsWith('.html')) return reply.code(404).send({ detail: 'Not found.' });
    return reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(await indexHtml(indexPath, config));
  });
}

/** @fastify/rate-limit's store interface over the shared counters (one window per address). */
function sharedRateLimitStore(counter: RateCounter) {
  return class SharedRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      counter.hit(`http:${key}`, timeWindow).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    }
    child() {
      return this;
    }
  };
}
