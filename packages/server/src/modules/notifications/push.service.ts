import type { PushSubscription } from '@ops/contract/notifications/notifications.schemas';
import { notFound } from '../../platform/errors';
import type { PushRepository, PushSubscriptionRow } from './push.repository';
import type { ServerKeys } from './server-keys';

const serializeSubscription = (row: PushSubscriptionRow): PushSubscription => ({
  id: row.id,
  endpoint: row.endpoint,
  created_at: row.createdAt.toISOString(),
});

/** The caller's push subscriptions and the key browsers subscribe with (spec platform §14.4). */
export function createPushService(deps: { repository: PushRepository; keys: () => Promise<ServerKeys> }) {
  return {
    async publicKey(): Promise<{ public_key: string }> {
      return { public_key: (await deps.keys()).vapid.publicKey };
    },
    async list(userId: string): Promise<PushSubscription[]> {
      return (await deps.repository.subscriptionsOf(userId)).map(serializeSubscription);
    },
    async subscribe(userId: string, input: { endpoint: string; keys: { p256dh: string; auth: string } }): Promise<PushSubscription> {
      return serializeSubscription(await deps.repository.subscribe({ userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth }));
    },
    async unsubscribe(userId: string, id: string): Promise<void> {
      if (!(await deps.repository.unsubscribe(userId, id))) throw notFound();
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
