import type { Database } from '../../platform/db';
import { listenResilient } from '../../platform/pg-listener';
import type { CredentialCache } from './credential-cache';

/** The channel the database triggers of migration 0009 notify, with the user's id as payload. */
export const REVOCATION_CHANNEL = 'identity_credentials_revoked';

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
  let markReady: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const listener = listenResilient({
    pool: database.pool!,
    channel: REVOCATION_CHANNEL,
    onNotification: onPayload,
    onListening() {
      // Anything revoked while nobody listened is gone from the (just emptied) cache.
      cache.setEnabled(true);
      markReady();
    },
    onLost(error) {
      cache.setEnabled(false);
      log?.warn({ err: error }, 'credential revocation listener lost its connection; caching off until it is back');
    },
  });

  return {
    ready,
    async close() {
      cache.setEnabled(false);
      await listener.close();
    },
  };
}
