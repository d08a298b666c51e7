import pg from 'pg';
import type { Database } from '../../platform/db';
import type { CredentialCache } from './credential-cache';

/** The channel the database triggers of migration 0009 notify, with the user's id as payload. */
export const REVOCATION_CHANNEL = 'identity_credentials_revoked';

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

export interface RevocationListener {
  /** Resolves once the first subscription is in place (the cache is on from then). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Keeps the credential cache in step with the database's revocations.
 *
 * PostgreSQL: one dedicated connection (outside the pool) runs `LISTEN`; each
 * notification drops that user's cached credentials within milliseconds of the
 * commit, on every instance. If the connection drops, the cache is switched off
 * (every request asks the database) until the connection is back and listening.
 *
 * PGlite: the database lives in this process and delivers its notifications to
 * `listen` callbacks before the statement that caused them returns.
 */
export function listenForRevocations(
  database: Database,
  cache: CredentialCache,
  log?: { warn(obj: object, msg: string): void },
): RevocationListener {
  const onPayload = (payload: string | undefined) => {
    if (payload) cache.forgetUser(payload);
    else cache.invalidateAll();
  };

  if (database.engine === 'pglite') {
    cache.setEnabled(false);
    const unsubscribe = database.pglite!.listen(REVOCATION_CHANNEL, onPayload).then((stop) => {
      cache.setEnabled(true);
      return stop;
    });
    return {
      ready: unsubscribe.then(() => undefined),
      async close() {
        cache.setEnabled(false);
        await (await unsubscribe.catch(() => undefined))?.().catch(() => undefined);
      },
    };
  }

  cache.setEnabled(false);
  const options = database.pool!.options as pg.ClientConfig;
  let client: pg.Client | undefined;
  let closed = false;
  let delay = RECONNECT_MIN_MS;
  let timer: NodeJS.Timeout | undefined;
  let markReady: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const lost = (error?: unknown) => {
    cache.setEnabled(false);
    const stale = client;
    client = undefined;
    stale?.removeAllListeners();
    stale?.on('error', () => undefined);
    void stale?.end().catch(() => undefined);
    if (closed) return;
    if (error) log?.warn({ err: error }, 'credential revocation listener lost its connection; caching off until it is back');
    timer = setTimeout(connect, delay);
    timer.unref();
    delay = Math.min(RECONNECT_MAX_MS, delay * 2);
  };

  async function connect() {
    if (closed) return;
    // No statement or query timeout on a connection that only waits.
    const next = new pg.Client({ ...options, statement_timeout: undefined, query_timeout: undefined });
    client = next;
    next.on('error', lost);
    next.on('end', () => {
      if (client === next) lost(new Error('connection ended'));
    });
    next.on('notification', (message) => {
      if (message.channel === REVOCATION_CHANNEL) onPayload(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${REVOCATION_CHANNEL}`);
      if (closed || client !== next) return;
      delay = RECONNECT_MIN_MS;
      // Anything revoked while nobody listened is gone from the (just emptied) cache.
      cache.setEnabled(true);
      markReady();
    } catch (error) {
      if (client === next) lost(error);
    }
  }

  void connect();
  return {
    ready,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      cache.setEnabled(false);
      const current = client;
      client = undefined;
      current?.removeAllListeners();
      current?.on('error', () => undefined);
      await current?.end().catch(() => undefined);
    },
  };
}
