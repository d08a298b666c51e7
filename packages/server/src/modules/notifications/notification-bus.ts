import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { listenResilient, type PgListener } from '../../platform/pg-listener';

/** What travels between instances: whose stream to wake and, for a new notification, its id. */
export interface BusEvent {
  userId: string;
  notificationId?: string;
  /** A ticket of this user's changed with no notification to them: their open ticket page refreshes. */
  ticketId?: string;
  /** Someone opened or closed the edit form of a record this user is editing (presence/). */
  presence?: { model: string; id: string };
}

export type BusListener = (event: BusEvent) => void;

/**
 * Fan-out of notification events to the live streams of every API instance.
 * Events carry ids only; each stream reads the rows itself, so what it sends
 * is what the database holds.
 */
export interface NotificationBus {
  publish(events: BusEvent[]): Promise<void>;
  /** Resolves once events for `userId` will reach `listener`. */
  subscribe(userId: string, listener: BusListener): Promise<() => void>;
  /** Called when delivery may have had a gap (listener connection lost): streams should reconnect and replay. */
  onGap(handler: () => void): void;
  close(): Promise<void>;
}

class LocalFanOut {
  private readonly emitter = new EventEmitter();
  constructor() {
    // One listener per open stream of a user; many tabs are normal.
    this.emitter.setMaxListeners(0);
  }
  emit(event: BusEvent) {
    this.emitter.emit(event.userId, event);
  }
  on(userId: string, listener: BusListener): () => void {
    this.emitter.on(userId, listener);
    return () => this.emitter.off(userId, listener);
  }
}

/** One process (PGlite holds its database in-process, so there is only ever one instance). */
export function createLocalBus(): NotificationBus {
  const fanOut = new LocalFanOut();
  return {
    async publish(events) {
      for (const event of events) fanOut.emit(event);
    },
    async subscribe(userId, listener) {
      return fanOut.on(userId, listener);
    },
    onGap() {
      // In-process delivery has no connection to lose.
    },
    async close() {},
  };
}

export const NOTIFY_CHANNEL = 'ops_notifications';

/**
 * PostgreSQL LISTEN/NOTIFY: every instance listens on one dedicated
 * connection (opened on the first subscription) and publishes with
 * pg_notify, so a notification created on one instance reaches streams held
 * by any other. Payloads are ids only (NOTIFY's limit is 8000 bytes).
 */
export function createPostgresBus(pool: pg.Pool, log: { warn(obj: unknown, msg: string): void }): NotificationBus {
  const fanOut = new LocalFanOut();
  const gapHandlers: (() => void)[] = [];
  let listener: PgListener | undefined;
  let closed = false;

  // Opened on the first subscription, then kept (reconnecting after a loss).
  const listen = () =>
    (listener ??= listenResilient({
      pool,
      channel: NOTIFY_CHANNEL,
      onNotification(payload) {
        if (!payload) return;
        try {
          fanOut.emit(JSON.parse(payload) as BusEvent);
        } catch {
          // A payload we did not write; ignore it.
        }
      },
      onLost(error) {
        log.warn({ err: error }, 'notification listener connection lost');
        for (const handler of gapHandlers) handler();
      },
    }));

  return {
    async publish(events) {
      if (!events.length) return;
      await pool.query('select pg_notify($1, payload) from unnest($2::text[]) as payload', [
        NOTIFY_CHANNEL,
        events.map((e) => JSON.stringify(e)),
      ]);
    },
    async subscribe(userId, handler) {
      if (closed) throw new Error('notification bus closed');
      await listen().listening();
      return fanOut.on(userId, handler);
    },
    onGap(handler) {
      gapHandlers.push(handler);
    },
    async close() {
      closed = true;
      await listener?.close();
      listener = undefined;
    },
  };
}
