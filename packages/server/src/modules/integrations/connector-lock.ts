import type { Provider } from '@ops/contract/integrations/sync-runs.schemas';
import type { Database } from '../../platform/db';

/** Advisory lock key space of the connectors: (LOCK_CLASS, provider number). */
const LOCK_CLASS = 7245002;
const PROVIDER_LOCK_IDS: Record<Provider, number> = { 'google-sync': 1, dynamics: 2, buylink: 3, adp: 4 };

/** PGlite is one process's database: an in-process set is the whole truth there. */
const localLocks = new Set<Provider>();

export interface ConnectorLock {
  release(): Promise<void>;
}

/**
 * Takes the connector's lock without waiting; null when another run holds it.
 * On PostgreSQL a session-level advisory lock on a dedicated connection, so
 * two instances never run the same sync; the lock dies with the connection if
 * the process does.
 */
export async function tryConnectorLock(database: Database, provider: Provider): Promise<ConnectorLock | null> {
  if (!database.pool) {
    if (localLocks.has(provider)) return null;
    localLocks.add(provider);
    return { release: async () => void localLocks.delete(provider) };
  }
  const client = await database.pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1, $2) as locked', [
      LOCK_CLASS,
      PROVIDER_LOCK_IDS[provider],
    ]);
    if (!rows[0]?.locked) {
      client.release();
      return null;
    }
  } catch (error) {
    client.release();
    throw error;
  }
  return {
    async release() {
      try {
        await client.query('select pg_advisory_unlock($1, $2)', [LOCK_CLASS, PROVIDER_LOCK_IDS[provider]]);
        client.release();
      } catch {
        // A broken connection drops its locks with it; do not return it to the pool.
        client.release(true);
      }
    },
  };
}
