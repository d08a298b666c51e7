import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { listenResilient } from './pg-listener';

/**
 * Read routing to a streaming replica (DATABASE_REPLICA_URL, issue 20 item 7).
 *
 * A request runs its handler inside `readTarget` with `replica: true` when it
 * may read from the replica (route.ts: a signed-in GET that is not a stream,
 * by a user without a recent write). The primary pool's `query` then sends a
 * statement to the replica pool when it only reads (`replicaSafe`); the
 * first statement that writes switches the rest of the request back to the
 * primary. Transactions (`pool.connect()`) always run on the primary.
 */
export const readTarget = new AsyncLocalStorage<{ replica: boolean }>();

const WRITES =
  /\b(insert|update|delete|merge|nextval|setval|pg_notify|pg_advisory\w*|set_config|lastval)\b|\bfor\s+(no\s+key\s+)?(update|share|key\s+share)\b/i;

/** A statement a hot standby can run: a SELECT (or WITH ... SELECT) that writes nothing and takes no lock. */
export function replicaSafe(statement: unknown): boolean {
  const text = typeof statement === 'string' ? statement : (statement as { text?: unknown } | null)?.text;
  if (typeof text !== 'string') return false;
  return /^\s*\(?\s*(select|with)\b/i.test(text) && !WRITES.test(text);
}

/** Whether the statement goes to the replica in the current context; a write ends the replica reads of its request. */
export function routeToReplica(statement: unknown): boolean {
  const store = readTarget.getStore();
  if (!store?.replica) return false;
  if (replicaSafe(statement)) return true;
  store.replica = false;
  return false;
}

/** The channel on which instances tell each other that a user just wrote. */
export const RECENT_WRITE_CHANNEL = 'ops_recent_writes';

export interface ReadRouter {
  /** True when a replica is configured. */
  readonly enabled: boolean;
  /** Resolves when reads first go to the replica: one window after the listener is in place (writes before it were not heard). */
  readonly ready: Promise<void>;
  /** Whether this user's reads may go to the replica now (no write of theirs within the window, on any instance). */
  replicaFor(userId: string): boolean;
  /** Records a write by the user here and on every instance (resolves once the other instances are told). */
  wrote(userId: string): Promise<void>;
  close(): Promise<void>;
}

export const noReadRouter: ReadRouter = {
  enabled: false,
  ready: Promise.resolve(),
  replicaFor: () => false,
  wrote: async () => undefined,
  close: async () => undefined,
};

/**
 * The read-your-writes window across instances: each instance keeps, in
 * memory, until when each recent writer's reads stay on the primary; a write
 * is announced with `pg_notify` on the primary before the write's response is
 * sent, and every instance LISTENs (one connection outside the pool). While
 * that connection is down, and for one window after it is back, every read
 * goes to the primary (a write announced meanwhile was missed).
 */
export function createReadRouter(primary: pg.Pool, windowMs: number, log?: { warn(obj: object, msg: string): void }): ReadRouter {
  const until = new Map<string, number>();
  let primaryOnlyUntil = Number.POSITIVE_INFINITY;
  let markReady: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const remember = (userId: string) => {
    const now = Date.now();
    until.set(userId, now + windowMs);
    // Bounded by the users who wrote within one window.
    if (until.size > 10_000) for (const [id, end] of until) if (end <= now) until.delete(id);
  };

  const listener = listenResilient({
    pool: primary,
    channel: RECENT_WRITE_CHANNEL,
    onNotification(payload) {
      if (payload) remember(payload);
    },
    onListening() {
      primaryOnlyUntil = Date.now() + windowMs;
      setTimeout(markReady, windowMs).unref();
    },
    onLost(error) {
      primaryOnlyUntil = Number.POSITIVE_INFINITY;
      log?.warn({ err: error }, 'read-your-writes listener lost its connection; reads go to the primary until it is back');
    },
  });

  return {
    enabled: true,
    ready,
    replicaFor(userId) {
      const now = Date.now();
      if (now < primaryOnlyUntil) return false;
      const end = until.get(userId);
      if (end === undefined) return true;
      if (end > now) return false;
      until.delete(userId);
      return true;
    },
    async wrote(userId) {
      remember(userId);
      await primary.query('select pg_notify($1, $2)', [RECENT_WRITE_CHANNEL, userId]);
    },
    async close() {
      await listener.close();
    },
  };
}
