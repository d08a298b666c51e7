import { AsyncResource } from 'node:async_hooks';
import { and, eq, sql } from 'drizzle-orm';
import { Webhook as Signer } from 'standardwebhooks';
import type { Db, DbOrTx } from '../../platform/db';
import { idIn, rowsOf } from '../../list-query/list-page';
import { uuidv7 } from '../../db/ids';
import { webhookDeliveries, webhooks } from '../../db/schema/automations';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkUrl, systemResolver, type Resolver } from './ssrf-guard';
import type { DeliveryRow } from './automations.repository';

/** Retried for this long after the first attempt (spec platform §14.3). */
export const RETRY_WINDOW_MS = 24 * 3600 * 1000;
export const DELIVERY_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 5;
const EXCERPT = 500;

export interface WebhookQueue {
  /** Queues a message to one webhook (a rule's action); false when it does not exist or is inactive. */
  enqueue(webhookId: string, event: string, data: Record<string, unknown>): Promise<boolean>;
  /**
   * Queues messages to single webhooks inside the caller's transaction `tx` (a batch of rule
   * actions): the webhooks read in one statement, the messages inserted in one. Answers the ids of
   * the webhooks that exist and are active (the others get nothing); `kick` once `tx` committed.
   */
  enqueueMany(tx: DbOrTx, messages: { webhookId: string; event: string; data: Record<string, unknown> }[]): Promise<Set<string>>;
  /** Queues a message to every active webhook subscribed to `event`. */
  fanOut(event: string, data: Record<string, unknown>): Promise<void>;
  /**
   * fanOut of many events at once, in `tx`: the webhooks read once, the deliveries inserted in one
   * statement. Answers how many were queued; `kick` once `tx` committed.
   */
  fanOutMany(tx: DbOrTx, messages: { event: string; data: Record<string, unknown> }[]): Promise<number>;
  /** Wakes the deliveries (after the commit that queued messages). */
  kick(): void;
}

export interface WebhookDeliveryOptions {
  db: Db;
  allowPrivate: boolean;
  /** The first retry's delay; each next one doubles (WEBHOOK_RETRY_BASE_MS, default 30 s). */
  retryBaseMs?: number;
  timeoutMs?: number;
  pollMs?: number;
  log: (message: string, error?: unknown) => void;
  /** How hosts are resolved (the system's by default; tests answer differently on each call). */
  resolve?: Resolver;
}

/** A timeout of a delivery's request. */
class DeliveryTimeout extends Error {
  override name = 'TimeoutError';
}

/**
 * POSTs `body` to `url`, connecting to `pinned` (the address the SSRF check resolved and checked)
 * through the socket's own `lookup`: the host is not resolved again, while the Host header and the
 * TLS server name stay the URL's. Reads at most a few KB of the answer.
 */
function postTo(url: URL, pinned: { address: string; family: number } | undefined, body: string, headers: Record<string, string>, timeoutMs: number) {
  return new Promise<{ status: number; location: string | null; text: string }>((resolve, reject) => {
    const lookup: LookupFunction | undefined = pinned
      ? (_host, options, callback) => {
          if (options.all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
          else callback(null, pinned.address, pinned.family);
        }
      : undefined;
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, ...(lookup ? { lookup } : {}) },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < EXCERPT * 8) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () => {
          clearTimeout(timer);
          const location = response.headers.location;
          resolve({ status: response.statusCode ?? 0, location: typeof location === 'string' ? location : null, text: Buffer.concat(chunks).toString('utf8') });
        });
        response.on('error', reject);
      },
    );
    const timer = setTimeout(() => request.destroy(new DeliveryTimeout()), timeoutMs);
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(body);
  });
}

/**
 * Webhook deliveries per Standard Webhooks: body `{type, timestamp, data}`, headers webhook-id,
 * webhook-timestamp and webhook-signature signed with the `standardwebhooks` library. A non-2xx
 * answer or a timeout is retried with exponential backoff for 24 hours. The host is resolved once and
 * checked before every attempt and every redirect (followed by hand, at most 5), and the request is
 * made to that checked address, so a URL that comes to resolve to a private address (also between
 * the check and the connection), or redirects to one, is refused at delivery too.
 */
export function createWebhookDeliveries(options: WebhookDeliveryOptions) {
  const { db } = options;
  const retryBaseMs = options.retryBaseMs ?? 30_000;
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const pollMs = options.pollMs ?? 2000;
  let timer: NodeJS.Timeout | undefined;
  let draining: Promise<void> | undefined;
  let stopped = true;

  const message = (event: string, data: Record<string, unknown>) => ({ type: event, timestamp: new Date().toISOString(), data });

  const queue: WebhookQueue = {
    async enqueue(webhookId, event, data) {
      const queued = await queue.enqueueMany(db, [{ webhookId, event, data }]);
      if (queued.size) kick();
      return queued.size > 0;
    },
    async enqueueMany(tx, messages) {
      if (!messages.length) return new Set();
      const ids = [...new Set(messages.map((m) => m.webhookId))];
      const active = new Set(
        (await tx.select({ id: webhooks.id }).from(webhooks).where(and(idIn(webhooks.id, ids), eq(webhooks.active, true)))).map((h) => h.id),
      );
      const rows = messages
        .filter((m) => active.has(m.webhookId))
        .map(({ webhookId, event, data }) => ({ webhookId, messageId: `msg_${uuidv7()}`, event, payload: message(event, data) }));
      for (let i = 0; i < rows.length; i += 500) await tx.insert(webhookDeliveries).values(rows.slice(i, i + 500));
      return active;
    },
    async fanOut(event, data) {
      if (await queue.fanOutMany(db, [{ event, data }])) kick();
    },
    async fanOutMany(tx, messages) {
      if (!messages.length) return 0;
      const active = await tx.select({ id: webhooks.id, events: webhooks.events }).from(webhooks).where(eq(webhooks.active, true));
      if (!active.length) return 0;
      const rows = messages.flatMap(({ event, data }) =>
        active.filter((h) => (h.events as string[]).includes(event)).map((h) => ({ webhookId: h.id, messageId: `msg_${uuidv7()}`, event, payload: message(event, data) })),
      );
      for (let i = 0; i < rows.length; i += 500) await tx.insert(webhookDeliveries).values(rows.slice(i, i + 500));
      return rows.length;
    },
    kick: () => kick(),
  };

  /** One request, redirects followed by hand; every hop resolved once, checked, and connected to that checked address. */
  async function post(url: string, body: string, headers: Record<string, string>): Promise<{ status: number | null; excerpt: string }> {
    let target = url;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const checked = await checkUrl(target, options.allowPrivate, options.resolve ?? systemResolver);
      if (checked.refusal !== undefined) return { status: null, excerpt: `Refused: ${checked.refusal}` };
      const response = await postTo(checked.url, checked.address, body, headers, timeoutMs);
      if (response.status >= 300 && response.status < 400 && response.location) {
        target = new URL(response.location, target).toString();
        continue;
      }
      return { status: response.status, excerpt: response.text.slice(0, EXCERPT) };
    }
    return { status: null, excerpt: `More than ${MAX_REDIRECTS} redirects.` };
  }

  async function attempt(delivery: DeliveryRow): Promise<void> {
    const [hook] = await db.select().from(webhooks).where(eq(webhooks.id, delivery.webhookId));
    if (!hook) return;
    const body = JSON.stringify(delivery.payload);
    const at = new Date();
    const headers = { 'content-type': 'application/json', ...new SignerHeaders(hook.secret).of(delivery.messageId, at, body) };
    const started = performance.now();
    let status: number | null = null;
    let excerpt = '';
    try {
      ({ status, excerpt } = await post(hook.url, body, headers));
    } catch (error) {
      excerpt = error instanceof Error && error.name === 'TimeoutError' ? `No answer within ${timeoutMs / 1000} s.` : String(error instanceof Error ? error.message : error).slice(0, EXCERPT);
    }
    const durationMs = Math.round(performance.now() - started);
    const attemptNo = delivery.attempt + 1;
    const ok = status !== null && status >= 200 && status < 300;
    const retryAt = new Date(Date.now() + retryBaseMs * 2 ** (attemptNo - 1));
    const giveUp = retryAt.getTime() - delivery.firstAt.getTime() > RETRY_WINDOW_MS;
    await db
      .update(webhookDeliveries)
      .set({
        attempt: attemptNo,
        at,
        statusCode: status,
        durationMs,
        responseExcerpt: excerpt,
        status: ok ? 'SUCCEEDED' : giveUp ? 'FAILED' : 'PENDING',
        nextAttemptAt: ok || giveUp ? at : retryAt,
        claim: null,
      })
      .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.claim, delivery.claim!)));
  }

  /** Claims due deliveries (SKIP LOCKED: one instance each), leased for twice the timeout. */
  async function drainOnce(): Promise<number> {
    const token = uuidv7();
    const result = await db.execute(sql`
      update ${webhookDeliveries} set claim = ${token}, claimed_at = now(),
        next_attempt_at = now() + make_interval(secs => ${Math.ceil((timeoutMs * (MAX_REDIRECTS + 2)) / 1000)})
      where id in (
        select id from ${webhookDeliveries} where status = 'PENDING' and next_attempt_at <= now()
        order by next_attempt_at limit 10 for update skip locked)
      returning id`);
    const ids = rowsOf<{ id: string }>(result).map((r) => r.id);
    for (const id of ids) {
      const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
      if (row) await attempt(row).catch((error: unknown) => options.log(`webhook delivery ${id} failed`, error));
    }
    return ids.length;
  }

  function drain(): Promise<void> {
    draining ??= (async () => {
      try {
        while ((await drainOnce()) > 0 && !stopped);
      } catch (error) {
        options.log('webhook deliveries failed', error);
      }
    })().finally(() => {
      draining = undefined;
    });
    return draining;
  }

  // Bound where the deliveries are made: a delivery woken from a request works outside its context.
  const kick = AsyncResource.bind(() => {
    if (!stopped) setTimeout(() => void drain(), 0).unref?.();
  });

  return {
    queue,
    drain,
    drainOnce,
    kick,
    /** A delivery sent again: a new delivery of the same message (same webhook-id). */
    async redeliver(webhookId: string, deliveryId: string): Promise<DeliveryRow | undefined> {
      const [found] = await db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.webhookId, webhookId)));
      if (!found) return undefined;
      const [row] = await db
        .insert(webhookDeliveries)
        .values({ webhookId, messageId: found.messageId, event: found.event, payload: found.payload })
        .returning();
      kick();
      return row;
    },
    start() {
      stopped = false;
      const tick = () => {
        timer = setTimeout(() => void drain().finally(() => !stopped && tick()), pollMs);
        timer.unref?.();
      };
      tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await draining;
    },
  };
}

/** The Standard Webhooks headers of a message, signed by the `standardwebhooks` library. */
class SignerHeaders {
  private readonly signer: Signer;
  constructor(secret: string) {
    this.signer = new Signer(secret);
  }
  of(id: string, at: Date, body: string): Record<string, string> {
    return {
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': this.signer.sign(id, at, body),
    };
  }
}

export type WebhookDeliveries = ReturnType<typeof createWebhookDeliveries>;
