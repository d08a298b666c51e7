import os from 'node:os';
import path from 'node:path';
import { traceConfigFromEnv, type TraceConfig } from './trace-config';
import { SERVER_ROOT } from './paths';
import { logDefaults, type LogFormat } from './log-format';

function int(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new Error(`${name} must be a number, got "${raw}"`);
  return value;
}

/** A duration given in seconds (fractions allowed), in milliseconds; negative is refused. */
function seconds(name: string, fallback: number): number {
  const value = int(name, fallback);
  if (value < 0) throw new Error(`${name} must be 0 or more seconds, got "${process.env[name]}"`);
  return Math.round(value * 1000);
}

function bool(name: string): boolean | undefined {
  const raw = process.env[name]?.toLowerCase();
  if (raw === undefined || raw === '') return undefined;
  return ['1', 'true', 'yes', 'on'].includes(raw);
}

/** A CSP source for a map host: scheme, host (optionally `*.` for subdomains) and port; nothing that could end the directive. */
const CSP_ORIGIN = /^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i;

function origins(name: string): string[] {
  const values = (process.env[name] ?? '')
    .split(',')
    .map((s) => s.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  const bad = values.find((value) => !CSP_ORIGIN.test(value));
  if (bad !== undefined)
    throw new Error(`${name} must be a comma-separated list of origins like https://tiles.example.com, got "${bad}"`);
  return values;
}

/** An absolute http(s) URL, or a path on this server. */
function styleUrl(name: string): string | undefined {
  const raw = process.env[name]?.trim();
  if (!raw) return undefined;
  if (raw.startsWith('/') && !raw.startsWith('//')) return raw;
  try {
    const url = new URL(raw);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.href;
  } catch {
    // reported below
  }
  throw new Error(`${name} must be an http(s) URL or a path starting with /, got "${raw}"`);
}

/** PUBLIC_URL: the http(s) address users reach the server at (absolute links), without a trailing slash. */
function publicUrl(name: string): string | undefined {
  const raw = process.env[name]?.trim();
  if (!raw) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    // reported below
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash || url.username || url.password) {
    throw new Error(`${name} must be an http(s) URL like https://ops.example.com, got "${raw}"`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** A comma-separated list of user types (1 to 7). */
function userTypes(name: string): number[] {
  const values = (process.env[name] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = values.find((value) => !/^[1-7]$/.test(value));
  if (bad !== undefined) throw new Error(`${name} must be a comma-separated list of user types (1 to 7), got "${bad}"`);
  return values.map(Number);
}

/** MFA_SECRET_KEY: 32 bytes in hex, base64 or base64url; undefined when unset. */
function mfaSecretKey(name: string): Buffer | undefined {
  const text = process.env[name]?.trim();
  if (!text) return undefined;
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64url');
  if (key.length !== 32) throw new Error(`${name} must be 32 bytes: 64 hex digits or 43-44 base64 characters (openssl rand -base64 32).`);
  return key;
}

function webauthnFromEnv(base: string | undefined): Config['webauthn'] {
  const origins = (process.env.WEBAUTHN_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  const fallback = base ? new URL(base) : undefined;
  return {
    rpId: process.env.WEBAUTHN_RP_ID?.trim() || fallback?.hostname || 'localhost',
    rpName: process.env.WEBAUTHN_RP_NAME?.trim() || 'Operations',
    origins: origins.length ? origins : fallback ? [fallback.origin] : ['http://localhost:8000', 'http://localhost:5173'],
  };
}

/**
 * Origins the browser may fetch map data from: the style's own (when it is on
 * another host) and MAP_TILE_ORIGINS (its tiles, glyphs and sprites).
 */
export function mapOrigins(config: Pick<Config, 'mapStyleUrl' | 'mapTileOrigins'>): string[] {
  const own = config.mapStyleUrl && !config.mapStyleUrl.startsWith('/') ? [new URL(config.mapStyleUrl).origin] : [];
  return [...new Set([...own, ...config.mapTileOrigins])];
}

/** S3-compatible object storage for uploads; unset keeps files on local disk. */
export interface S3Config {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

/** Outgoing mail for notifications; unset means no mail is written or sent. */
export interface SmtpConfig {
  host: string;
  port: number;
  from: string;
  user: string | undefined;
  password: string | undefined;
}

/** The inbound SMTP listener (spec platform §13.1); unset (no INBOUND_SMTP_PORT) means no listener. */
export interface InboundSmtpConfig {
  /** 0 picks a free port (tests). */
  port: number;
  host: string;
  /** Mail to this address opens a ticket; replies go to its `+<token>` variants. */
  supportAddress: string;
  /** Largest message accepted, announced in EHLO (SIZE) and enforced while receiving. */
  maxBytes: number;
}

/** Sign in with an OpenID Connect provider (spec platform §13.3); unset unless issuer, client id and secret are all set. */
export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The callback URL registered at the provider; default `<PUBLIC_URL>/api/identity/auth/oidc/callback/`. */
  redirectUri: string | undefined;
  /** The provider's name on the sign-in button ("Sign in with Google"). */
  name: string;
  /** OIDC_TRUST_MFA: a provider sign-in skips this server's second factor (the provider checked one); default false. */
  trustMfa?: boolean;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  tokenTtlSeconds: number;
  sessionTtlSeconds: number;
  /** A session ends this long after sign-in, however often it is refreshed. */
  sessionAbsoluteTtlSeconds: number;
  /** How long a token or session lookup is served from the in-process cache (AUTH_CACHE_TTL_MS; 0 turns it off). */
  authCacheTtlMs: number;
  maxUploadBytes: number;
  bodyLimitBytes: number;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  seedDemo: boolean | undefined;
  secureCookies: boolean;
  /** Base of every absolute link the server writes (list pages, attachments, mail); unset: the listening address. */
  publicUrl: string | undefined;
  trustProxy: boolean;
  corsOrigins: string[];
  /** Origins of an online map style's tiles, glyphs and sprites, allowed by the content security policy (MAP_TILE_ORIGINS). */
  mapTileOrigins: string[];
  /** The online basemap's style URL (MAP_STYLE_URL), handed to the web app in index.html; unset: the bundled offline basemap only. */
  mapStyleUrl: string | undefined;
  /** A streaming replica of DATABASE_URL (DATABASE_REPLICA_URL): list and detail reads go there (platform/read-routing.ts). */
  databaseReplicaUrl: string | undefined;
  /** After a user's write, their reads stay on the primary this long (READ_YOUR_WRITES_SECONDS, default 5). */
  readYourWritesMs: number;
  loginFailureLimit: number;
  /** Failed sign-ins from one address over all accounts within the window (LOGIN_FAILURE_ADDRESS_LIMIT). */
  loginFailureAddressLimit: number;
  loginFailureWindowSeconds: number;
  /** User types (numbers) that must set up a second factor before reaching anything else (MFA_REQUIRED_USER_TYPES, default none). */
  mfaRequiredUserTypes: number[];
  /** The key TOTP secrets are sealed with at rest (MFA_SECRET_KEY, 32 bytes; unset: stored as they are). */
  mfaSecretKey?: Buffer;
  /** How recent a password or second-factor check must be for a sensitive action (STEP_UP_SECONDS, default 600). */
  stepUpSeconds: number;
  /**
   * The WebAuthn relying party: its id (a host name) and the origins an assertion may come from
   * (WEBAUTHN_RP_ID, WEBAUTHN_ORIGINS; default PUBLIC_URL's host and origin, else localhost).
   */
  webauthn: { rpId: string; rpName: string; origins: string[] };
  webDist: string;
  tempDir: string;
  uploadsDir: string;
  exposeSqlCount: boolean;
  /**
   * Ceiling of the `X-Debug-SQL` header in bytes (DEBUG_SQL_HEADER_BYTES; 0 = none): the leading
   * statements that fit, whole, so a client with the usual 16 KiB header limit can read the answer.
   */
  debugSqlHeaderBytes: number;
  /**
   * Accept web push subscriptions at http:// endpoints on this machine (localhost, 127.0.0.1, [::1]);
   * only tests and local development run a push service there. Otherwise push endpoints must be https.
   */
  pushAllowHttpLoopback: boolean;
  /** Global ceiling of requests per address and window (RATE_LIMIT_MAX; 0 = off). */
  rateLimitMax: number;
  rateLimitWindowSeconds: number;
  /** The start-up sweep of unfinished uploads and stored files without a row (ATTACHMENT_SWEEP, default on). */
  attachmentSweep: boolean;
  /** Stored files younger than this are left to uploads still in flight on other instances (ORPHAN_GRACE_SECONDS). */
  orphanGraceSeconds: number;
  /** While running, temporary upload files older than orphanGraceSeconds are removed this often (0: never). */
  tempSweepSeconds: number;
  /** A RUNNING job whose runner has not reported for this long is resumed by another runner (JOB_STALE_SECONDS). */
  jobStaleSeconds: number;
  /** Largest import file accepted (IMPORT_MAX_MB, default 20; the request body limit BODY_LIMIT_MB caps it). */
  importMaxBytes: number;
  /** Most data rows an import file may hold (IMPORT_MAX_ROWS, default 500,000). */
  importMaxRows: number;
  /** Uploaded import files and their rows are swept this often (IMPORT_SWEEP_INTERVAL seconds, default 3600; 0: never). */
  importSweepSeconds: number;
  /** An uploaded import never run is swept after this long (IMPORT_UNRUN_HOURS, default 24). */
  importUnrunHours: number;
  /** A run import's file is swept this long after its job finished (IMPORT_RETENTION_HOURS, default 168). */
  importRetentionHours: number;
  logLevel: string;
  /** `json` lines, or short `pretty` lines for a terminal (platform/log-format.ts). */
  logFormat: LogFormat;
  s3: S3Config | undefined;
  smtp: SmtpConfig | undefined;
  /** Comment lines sent on idle notification streams so proxies keep them open. */
  streamHeartbeatMs: number;
  /** OTLP/HTTP trace export (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT); unset = no tracing. */
  tracing: TraceConfig | undefined;
  /** Where unhandled server errors and web app errors are posted (ERROR_REPORTING_URL); unset = logged only. */
  errorReportingUrl: string | undefined;
  /** Worker threads drawing charts at once (CHART_WORKERS). */
  chartWorkers: number;
  /** Chart renders waiting for a worker; more answer 503 with Retry-After (CHART_QUEUE). */
  chartQueue: number;
  /** Rendered chart PNGs kept for identical requests, in bytes (CHART_CACHE_MB; 0 = no cache). */
  chartCacheBytes: number;
  /** Chart calls without a token per address and window; more answer 429 (CHART_ANONYMOUS_LIMIT; 0 = off). */
  chartAnonymousLimit: number;
  chartAnonymousWindowSeconds: number;
  /** Receiving one whole request, headers and body (REQUEST_TIMEOUT_SECONDS; 0 = none). */
  requestTimeoutMs: number;
  /** A connection with no traffic either way is closed (CONNECTION_TIMEOUT_SECONDS; 0 = none). */
  connectionTimeoutMs: number;
  /** PostgreSQL: waiting for a connection from the pool (DB_CONNECT_TIMEOUT_SECONDS; 0 = none). */
  dbConnectTimeoutMs: number;
  /** PostgreSQL: statement_timeout of the server's connections (DB_STATEMENT_TIMEOUT_SECONDS; 0 = none). */
  dbStatementTimeoutMs: number;
  /** Bearer token that opens GET /metrics on the public port (METRICS_TOKEN); unset: the public port has no /metrics. */
  metricsToken: string | undefined;
  /** WEBHOOK_ALLOW_PRIVATE=true: webhooks may call loopback, private and link-local addresses (spec platform §14.3; tests, closed networks). */
  webhookAllowPrivate: boolean;
  /** WEBHOOK_RETRY_BASE_MS: a failed webhook delivery's first retry delay, doubling after each (default 30 s, for 24 h). */
  webhookRetryBaseMs: number;
  /** AUTOMATION_POLL_MS: how often the automation runner and webhook deliveries look for work besides being woken (default 1000). */
  automationPollMs: number;
  /** Port of the internal metrics listener (METRICS_PORT); unset: none. */
  metricsPort: number | undefined;
  /** Address the metrics listener binds (METRICS_HOST, default 127.0.0.1). */
  metricsHost: string;
  /** Inbound mail listener (INBOUND_SMTP_PORT, SUPPORT_ADDRESS); unset: none. */
  inboundSmtp: InboundSmtpConfig | undefined;
  /** Sign in with Google / OpenID Connect (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET); unset: off. */
  oidc: OidcConfig | undefined;
}

function s3FromEnv(): S3Config | undefined {
  const bucket = process.env.S3_BUCKET;
  if (!bucket) return undefined;
  return {
    endpoint: process.env.S3_ENDPOINT || undefined,
    bucket,
    region: process.env.S3_REGION || 'us-east-1',
    accessKeyId: process.env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: process.env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: bool('S3_FORCE_PATH_STYLE') ?? Boolean(process.env.S3_ENDPOINT),
  };
}

function smtpFromEnv(): SmtpConfig | undefined {
  const host = process.env.SMTP_HOST;
  if (!host) return undefined;
  return {
    host,
    port: int('SMTP_PORT', 587),
    from: process.env.SMTP_FROM || 'no-reply@localhost',
    user: process.env.SMTP_USER || undefined,
    password: process.env.SMTP_PASSWORD || undefined,
  };
}

const EMAIL_ADDRESS = /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]+$/;

function inboundSmtpFromEnv(): InboundSmtpConfig | undefined {
  const raw = process.env.INBOUND_SMTP_PORT;
  if (raw === undefined || raw === '') return undefined;
  const port = int('INBOUND_SMTP_PORT', 0);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`INBOUND_SMTP_PORT must be a port number, got "${raw}"`);
  const supportAddress = process.env.SUPPORT_ADDRESS?.trim() ?? '';
  if (!EMAIL_ADDRESS.test(supportAddress) || supportAddress.split('@')[0]!.includes('+'))
    throw new Error(`INBOUND_SMTP_PORT needs SUPPORT_ADDRESS, an e-mail address without "+" like support@ops.example.com, got "${supportAddress}"`);
  const maxMb = int('INBOUND_SMTP_MAX_MB', 25);
  if (maxMb <= 0) throw new Error(`INBOUND_SMTP_MAX_MB must be more than 0, got "${process.env.INBOUND_SMTP_MAX_MB}"`);
  return {
    port,
    host: process.env.INBOUND_SMTP_HOST || process.env.HOST || '127.0.0.1',
    supportAddress: supportAddress.toLowerCase(),
    maxBytes: Math.round(maxMb * 1024 * 1024),
  };
}

function oidcFromEnv(): OidcConfig | undefined {
  const issuer = process.env.OIDC_ISSUER?.trim();
  const clientId = process.env.OIDC_CLIENT_ID?.trim();
  const clientSecret = process.env.OIDC_CLIENT_SECRET;
  if (!issuer || !clientId || !clientSecret) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(issuer);
  } catch {
    // reported below
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) throw new Error(`OIDC_ISSUER must be an http(s) URL, got "${issuer}"`);
  return {
    issuer,
    clientId,
    clientSecret,
    redirectUri: process.env.OIDC_REDIRECT_URI?.trim() || undefined,
    name: process.env.OIDC_PROVIDER_NAME?.trim() || 'Google',
    trustMfa: bool('OIDC_TRUST_MFA') ?? false,
  };
}

export function loadConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(process.env.DATA_DIR || './.data');
  return {
    port: int('PORT', 8000),
    // Loopback unless HOST says otherwise (spec platform §13.4; the Docker image sets HOST=0.0.0.0).
    host: process.env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl: process.env.DATABASE_URL || undefined,
    tokenTtlSeconds: int('TOKEN_TTL', 10 * 3600),
    sessionTtlSeconds: int('SESSION_TTL', 14 * 24 * 3600),
    sessionAbsoluteTtlSeconds: int('SESSION_ABSOLUTE_TTL', 30 * 24 * 3600),
    authCacheTtlMs: Math.max(0, int('AUTH_CACHE_TTL_MS', 30_000)),
    maxUploadBytes: int('MAX_UPLOAD_MB', 10) * 1024 * 1024,
    bodyLimitBytes: int('BODY_LIMIT_MB', 25) * 1024 * 1024,
    adminEmail: process.env.ADMIN_EMAIL || undefined,
    adminPassword: process.env.ADMIN_PASSWORD || undefined,
    seedDemo: bool('SEED_DEMO'),
    secureCookies: bool('SECURE_COOKIES') ?? false,
    publicUrl: publicUrl('PUBLIC_URL'),
    trustProxy: bool('TRUST_PROXY') ?? false,
    corsOrigins: (process.env.CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    mapTileOrigins: origins('MAP_TILE_ORIGINS'),
    mapStyleUrl: styleUrl('MAP_STYLE_URL'),
    databaseReplicaUrl: process.env.DATABASE_REPLICA_URL || undefined,
    readYourWritesMs: seconds('READ_YOUR_WRITES_SECONDS', 5),
    loginFailureLimit: int('LOGIN_FAILURE_LIMIT', 10),
    loginFailureAddressLimit: int('LOGIN_FAILURE_ADDRESS_LIMIT', 100),
    loginFailureWindowSeconds: int('LOGIN_FAILURE_WINDOW', 15 * 60),
    mfaRequiredUserTypes: userTypes('MFA_REQUIRED_USER_TYPES'),
    mfaSecretKey: mfaSecretKey('MFA_SECRET_KEY'),
    stepUpSeconds: int('STEP_UP_SECONDS', 600),
    webauthn: webauthnFromEnv(publicUrl('PUBLIC_URL')),
    webDist: path.resolve(process.env.WEB_DIST || path.join(SERVER_ROOT, '../web/dist')),
    ...logDefaults(process.env, Boolean(process.stdout.isTTY)),
    tempDir: path.join(dataDir, 'tmp'),
    uploadsDir: process.env.UPLOADS_DIR ? path.resolve(process.env.UPLOADS_DIR) : path.join(dataDir, 'uploads'),
    exposeSqlCount: bool('EXPOSE_SQL_COUNT') ?? false,
    debugSqlHeaderBytes: int('DEBUG_SQL_HEADER_BYTES', 12 * 1024),
    pushAllowHttpLoopback: bool('PUSH_ALLOW_HTTP_LOOPBACK') ?? false,
    rateLimitMax: int('RATE_LIMIT_MAX', 0),
    rateLimitWindowSeconds: int('RATE_LIMIT_WINDOW', 60),
    attachmentSweep: bool('ATTACHMENT_SWEEP') ?? true,
    orphanGraceSeconds: int('ORPHAN_GRACE_SECONDS', 3600),
    tempSweepSeconds: int('TEMP_SWEEP_INTERVAL', 900),
    jobStaleSeconds: int('JOB_STALE_SECONDS', 60),
    importMaxBytes: int('IMPORT_MAX_MB', 20) * 1024 * 1024,
    importMaxRows: int('IMPORT_MAX_ROWS', 500_000),
    importSweepSeconds: int('IMPORT_SWEEP_INTERVAL', 3600),
    importUnrunHours: int('IMPORT_UNRUN_HOURS', 24),
    importRetentionHours: int('IMPORT_RETENTION_HOURS', 168),
    s3: s3FromEnv(),
    smtp: smtpFromEnv(),
    streamHeartbeatMs: int('STREAM_HEARTBEAT_SECONDS', 15) * 1000,
    tracing: traceConfigFromEnv(),
    errorReportingUrl: process.env.ERROR_REPORTING_URL || undefined,
    chartWorkers: Math.max(1, int('CHART_WORKERS', Math.min(4, os.availableParallelism() - 1))),
    chartQueue: Math.max(0, int('CHART_QUEUE', 32)),
    chartCacheBytes: Math.max(0, int('CHART_CACHE_MB', 32)) * 1024 * 1024,
    chartAnonymousLimit: int('CHART_ANONYMOUS_LIMIT', 120),
    chartAnonymousWindowSeconds: int('CHART_ANONYMOUS_WINDOW', 60),
    requestTimeoutMs: seconds('REQUEST_TIMEOUT_SECONDS', 300),
    connectionTimeoutMs: seconds('CONNECTION_TIMEOUT_SECONDS', 120),
    dbConnectTimeoutMs: seconds('DB_CONNECT_TIMEOUT_SECONDS', 5),
    dbStatementTimeoutMs: seconds('DB_STATEMENT_TIMEOUT_SECONDS', 30),
    metricsToken: process.env.METRICS_TOKEN || undefined,
    webhookAllowPrivate: bool('WEBHOOK_ALLOW_PRIVATE') ?? false,
    webhookRetryBaseMs: Math.max(1, int('WEBHOOK_RETRY_BASE_MS', 30_000)),
    automationPollMs: Math.max(10, int('AUTOMATION_POLL_MS', 1000)),
    metricsPort: process.env.METRICS_PORT ? int('METRICS_PORT', 0) : undefined,
    metricsHost: process.env.METRICS_HOST || '127.0.0.1',
    inboundSmtp: inboundSmtpFromEnv(),
    oidc: oidcFromEnv(),
    ...overrides,
  };
}
