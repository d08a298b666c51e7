import pg from 'pg';

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

export interface PgListenerOptions {
  /** Whose connection settings to use; the listener opens its own connection, outside the pool. */
  pool: pg.Pool;
  channel: string;
  /** A notification on `channel`, with its payload (undefined when NOTIFY sent none). */
  onNotification(payload: string | undefined): void;
  /** LISTEN is in place: the first time and after every reconnect. */
  onListening?(): void;
  /** The connection was lost or an attempt to open it failed; a reconnect follows (notifications meanwhile are missed). */
  onLost?(error: unknown): void;
}

export interface PgListener {
  /** Resolves when LISTEN is in place (at once, or when the attempt under way succeeds); rejects if that attempt fails. */
  listening(): Promise<void>;
  /** Ends the connection and stops reconnecting. */
  close(): Promise<void>;
}

/**
 * A PostgreSQL LISTEN that survives its connection: one dedicated client runs
 * `LISTEN channel`; on an error or the end of the connection it reconnects
 * with exponential backoff (250 ms up to 10 s, reset once listening again).
 */
export function listenResilient(options: PgListenerOptions): PgListener {
  let client: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let delay = RECONNECT_MIN_MS;
  let timer: NodeJS.Timeout | undefined;
  let waiters: { resolve(): void; reject(error: unknown): void }[] = [];

  const settle = (error?: unknown) => {
    const pending = waiters;
    waiters = [];
    for (const waiter of pending) {
      if (error === undefined) waiter.resolve();
      else waiter.reject(error);
    }
  };

  // A client we are done with: no more events from it, and errors while it ends are expected.
  const discard = (stale: pg.Client | undefined) => {
    stale?.removeAllListeners();
    stale?.on('error', () => undefined);
    return stale?.end().catch(() => undefined);
  };

  const lost = (error: unknown) => {
    listening = false;
    const stale = client;
    client = undefined;
    void discard(stale);
    if (closed) return;
    options.onLost?.(error);
    settle(error);
    timer = setTimeout(connect, delay);
    timer.unref();
    delay = Math.min(RECONNECT_MAX_MS, delay * 2);
  };

  async function connect() {
    if (closed) return;
    // No statement or query timeout on a connection that only waits.
    const next = new pg.Client({
      ...(options.pool.options as pg.ClientConfig),
      statement_timeout: undefined,
      query_timeout: undefined,
    });
    client = next;
    next.on('error', lost);
    next.on('end', () => {
      if (client === next) lost(new Error('connection ended'));
    });
    next.on('notification', (message) => {
      if (message.channel === options.channel) options.onNotification(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${options.channel}`);
      if (closed || client !== next) return;
      delay = RECONNECT_MIN_MS;
      listening = true;
      options.onListening?.();
      settle();
    } catch (error) {
      if (client === next) lost(error);
    }
  }

  void connect();
  return {
    listening() {
      if (closed) return Promise.reject(new Error(`listener on ${options.channel} closed`));
      if (listening) return Promise.resolve();
      return new Promise<void>((resolve, reject) => waiters.push({ resolve, reject }));
    },
    async close() {
      closed = true;
      listening = false;
      if (timer) clearTimeout(timer);
      settle(new Error(`listener on ${options.channel} closed`));
      const current = client;
      client = undefined;
      await discard(current);
    },
  };
}
