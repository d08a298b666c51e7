import webpush from 'web-push';
import { createOutboxWorker } from './email-outbox';
import type { DuePush, PushRepository } from './push.repository';

/** The VAPID identity pushes are signed with (RFC 8292). */
export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/** One Web Push request (RFC 8030) answered by the push service: its status. */
export type PushTransport = (request: { endpoint: string; method: string; headers: Record<string, string>; body: Buffer | null }) => Promise<number>;

/** Sends with fetch: the push service's endpoint is a URL of the browser's vendor (https; http for a local one). */
export const fetchTransport: PushTransport = async ({ endpoint, method, headers, body }) => {
  const response = await fetch(endpoint, { method, headers, body, signal: AbortSignal.timeout(15_000) });
  await response.arrayBuffer().catch(() => undefined);
  return response.status;
};

/**
 * The request for one push: the payload encrypted for the subscription (RFC 8291, aes128gcm) and
 * the VAPID Authorization header (RFC 8292), both made by the web-push library.
 */
export function pushRequest(push: Pick<DuePush, 'endpoint' | 'p256dh' | 'auth' | 'payload'>, vapid: VapidDetails) {
  const details = webpush.generateRequestDetails({ endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } }, push.payload, {
    vapidDetails: vapid,
    TTL: 24 * 3600,
  });
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(details.headers)) headers[name] = String(value);
  return { endpoint: details.endpoint, method: details.method, headers, body: details.body ? Buffer.from(details.body) : null };
}

export interface PushOutboxOptions {
  repository: PushRepository;
  vapid: () => Promise<VapidDetails>;
  transport?: PushTransport;
  log: { warn(obj: unknown, msg: string): void };
  maxAttempts?: number;
  retryBaseMs?: number;
  pollMs?: number;
  batchSize?: number;
}

/**
 * Sends the pushes the outbox holds after their transaction committed, with the mail outbox's
 * retries (exponential backoff, then FAILED). A 404 or 410 from the push service means the
 * subscription expired: it is removed (spec platform §14.4), its queued pushes with it.
 */
export function createPushOutbox(options: PushOutboxOptions) {
  const maxAttempts = options.maxAttempts ?? 5;
  const retryBaseMs = options.retryBaseMs ?? 30_000;
  const batchSize = options.batchSize ?? 20;
  const transport = options.transport ?? fetchTransport;

  async function drainOnce(): Promise<number> {
    const due = await options.repository.leaseDuePushes(batchSize, 300);
    if (!due.length) return 0;
    const vapid = await options.vapid();
    for (const push of due) {
      try {
        const status = await transport(pushRequest(push, vapid));
        if (status === 404 || status === 410) await options.repository.removeSubscription(push.subscriptionId);
        else if (status >= 200 && status < 300) await options.repository.markPushSent(push.id);
        else throw new Error(`push service answered ${status}`);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const retry = push.attempts < maxAttempts ? retryBaseMs * 2 ** (push.attempts - 1) : null;
        options.log.warn({ err: error, push: push.id, attempt: push.attempts }, 'sending a push failed');
        await options.repository.markPushFailed(push.id, message, retry);
      }
    }
    return due.length;
  }

  return createOutboxWorker({ drainOnce, batchSize, pollMs: options.pollMs, log: options.log, what: 'push' });
}

export type PushOutbox = ReturnType<typeof createPushOutbox>;
