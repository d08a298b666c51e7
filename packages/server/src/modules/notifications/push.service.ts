import type { PushSubscription } from '@ops/contract/notifications/notifications.schemas';
import { notFound } from '../../platform/errors';
import { NOTIFICATIONS_ERRORS } from './notifications.errors';
import type { PushRepository, PushSubscriptionRow } from './push.repository';
import type { ServerKeys } from './server-keys';

const serializeSubscription = (row: PushSubscriptionRow): PushSubscription => ({
  id: row.id,
  endpoint: row.endpoint,
  created_at: row.createdAt.toISOString(),
});

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether the server may send pushes to this endpoint: https only (browsers' push services all
 * are, and the server never posts to a plain-http address a user named), except an http endpoint
 * on this machine when `allowHttpLoopback` is set (tests' local push service).
 */
export function pushEndpointAllowed(endpoint: string, allowHttpLoopback: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return allowHttpLoopback && url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/** The caller's push subscriptions and the key browsers subscribe with (spec platform §14.4). */
export function createPushService(deps: { repository: PushRepository; keys: () => Promise<ServerKeys>; allowHttpLoopback?: boolean }) {
  return {
    async publicKey(): Promise<{ public_key: string }> {
      return { public_key: (await deps.keys()).vapid.publicKey };
    },
    async list(userId: string): Promise<PushSubscription[]> {
      return (await deps.repository.subscriptionsOf(userId)).map(serializeSubscription);
    },
    async subscribe(userId: string, input: { endpoint: string; keys: { p256dh: string; auth: string } }): Promise<PushSubscription> {
      if (!pushEndpointAllowed(input.endpoint, deps.allowHttpLoopback ?? false)) throw NOTIFICATIONS_ERRORS.onField('endpoint', 'PUSH_ENDPOINT_NOT_HTTPS');
      return serializeSubscription(await deps.repository.subscribe({ userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth }));
    },
    async unsubscribe(userId: string, id: string): Promise<void> {
      if (!(await deps.repository.unsubscribe(userId, id))) throw notFound();
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
