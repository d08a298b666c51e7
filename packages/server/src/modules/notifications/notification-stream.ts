import type { FastifyReply } from 'fastify';
import { STREAM_EVENTS, type Notification, type NotificationCount, type TicketChangedEvent, type PresenceChangedEvent } from '@ops/contract/notifications/notifications.schemas';
import type { BusEvent, NotificationBus } from './notification-bus';
import { ERROR_MESSAGES } from '@ops/contract/common/errors';

export interface StreamSource {
  counts(userId: string): Promise<NotificationCount>;
  activeByIds(userId: string, ids: string[]): Promise<Notification[]>;
  missedSince(userId: string, lastEventId: string, limit: number): Promise<Notification[]>;
}

export interface StreamHubOptions {
  bus: NotificationBus;
  source: StreamSource;
  heartbeatMs: number;
  log: { warn(obj: unknown, msg: string): void };
}

const REPLAY_LIMIT = 200;
const RETRY_MS = 3000;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Server-Sent Events streams of notifications. Each stream sends its counts
 * on open, replays what a reconnecting client missed (Last-Event-ID), then a
 * `notification` event (id = notification id) and fresh `counts` whenever the
 * bus says something changed for its user. Work per stream runs in order on
 * one queue so events never overtake each other.
 */
export function createStreamHub(options: StreamHubOptions) {
  const { bus, source } = options;
  const open = new Set<() => void>();
  let closing = false;

  bus.onGap(() => {
    // Events may have been missed: end every stream so clients reconnect with Last-Event-ID and replay.
    for (const end of [...open]) end();
  });

  return {
    get openStreams() {
      return open.size;
    },

    async serve(reply: FastifyReply, userId: string, lastEventId: string | undefined): Promise<void> {
      if (closing) {
        await reply.code(503).send({ detail: ERROR_MESSAGES.serviceUnavailable });
        return;
      }
      const raw = reply.raw;
      reply.hijack();
      raw.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
        'X-Content-Type-Options': 'nosniff',
      });
      raw.flushHeaders();

      let ended = false;
      let queue: Promise<void> = Promise.resolve();
      const sent = new Set<string>();
      const write = (text: string) => {
        if (!ended) raw.write(text);
      };
      const sendEvent = (event: string, data: unknown, id?: string) => {
        write(`${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      const enqueue = (work: () => Promise<void>) => {
        queue = queue.then(work).catch((error) => {
          options.log.warn({ err: error }, 'notification stream update failed');
        });
      };
      const sendNotifications = (items: Notification[]) => {
        for (const item of items) {
          if (sent.has(item.id)) continue;
          sent.add(item.id);
          sendEvent(STREAM_EVENTS.notification, item, item.id);
        }
        // Only recent ids matter for de-duplication between replay and live events.
        if (sent.size > 1000) for (const id of [...sent].slice(0, 500)) sent.delete(id);
      };

      const onEvent = (event: BusEvent) =>
        enqueue(async () => {
          // Not stored and not replayed: a page that missed it reloads the ticket when it opens anyway.
          if (event.ticketId) return sendEvent(STREAM_EVENTS.ticket, { ticket_id: event.ticketId } satisfies TicketChangedEvent);
          if (event.presence) return sendEvent(STREAM_EVENTS.presence, event.presence satisfies PresenceChangedEvent);
          if (event.notificationId) {
            sendNotifications(await source.activeByIds(userId, [event.notificationId]));
          }
          sendEvent(STREAM_EVENTS.counts, await source.counts(userId));
        });

      let unsubscribe: () => void = () => undefined;
      const heartbeat = setInterval(() => write(`: heartbeat ${new Date().toISOString()}\n\n`), options.heartbeatMs);
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(end);
        raw.end();
      };
      open.add(end);
      raw.on('close', end);

      write(`retry: ${RETRY_MS}\n\n`);
      try {
        // Subscribe before reading, so nothing created meanwhile falls between replay and live events.
        unsubscribe = await bus.subscribe(userId, onEvent);
        if (ended) return unsubscribe();
      } catch (error) {
        options.log.warn({ err: error }, 'notification stream could not subscribe');
        return end();
      }
      enqueue(async () => {
        if (lastEventId && uuidPattern.test(lastEventId)) {
          sendNotifications(await source.missedSince(userId, lastEventId, REPLAY_LIMIT));
        }
        sendEvent(STREAM_EVENTS.counts, await source.counts(userId));
      });
    },

    /** Ends every stream (graceful shutdown must not wait for clients that never hang up). */
    closeAll() {
      closing = true;
      for (const end of [...open]) end();
    },
  };
}

export type StreamHub = ReturnType<typeof createStreamHub>;
